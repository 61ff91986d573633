// The search box of every page: a WAI-ARIA combobox whose suggestions come from the precomputed
// prefix maps (shards loaded as classic scripts, so it works from file://), in groups (recent
// searches, popular, scopes); on the front page, results from the client index, a scope token,
// and the state in the URL hash. On other pages, a search opens the front page with it. Plain DOM,
// no dependencies.
(function () {
  "use strict";
  const core = window.TypeaheadCore;
  const data = window.TypeaheadSiteData;
  const input = document.getElementById("typeahead-input");
  if (!core || !window.TypeaheadMaps || !window.TypeaheadIndex || !data || !input) return;
  const listbox = document.getElementById("typeahead-listbox");
  const token = document.getElementById("typeahead-token");
  const announce = document.getElementById("typeahead-announce");
  const results = document.getElementById("typeahead-results");
  const status = document.getElementById("typeahead-status");
  const sentinel = document.getElementById("typeahead-more");
  const empty = document.getElementById("typeahead-empty");
  const popular = document.getElementById("popular");
  const form = document.getElementById("typeahead-form");
  const root = document.documentElement.dataset.root || "";
  /** Every path the page makes, from the build's SiteLayout (data/site.js). */
  const layout = data.layout;
  /** The front page shows results; every other page sends a search there. */
  const onFront = !!results;
  const RECENT_KEY = "typeahead-recent";
  const RECENT_MAX = 5;

  // MARK: Scripts loaded on demand (classic scripts work from file://)

  const loader = window.TypeaheadIndex.createLoader(loadScript);
  window.typeaheadIndex = loader.register;

  function loadScript(src) {
    const script = document.createElement("script");
    script.src = root + src;
    if (src.startsWith(data.products.base) || src.startsWith(data.suggestions.base)) script.onerror = () => loader.failed(src);
    else script.onerror = () => store.failed(src);
    document.head.appendChild(script);
  }

  const store = window.TypeaheadMaps.createStore(data, loadScript);
  window.typeaheadShard = store.register;
  window.typeaheadManifest = store.registerPage;
  const productIndex = window.TypeaheadIndex.createClientIndex(data.products, loader);
  const suggestionIndex = window.TypeaheadIndex.createClientIndex(data.suggestions, loader);
  const scopeOf = (map) => (map ? [map.scope.attribute, map.scope.value] : null);

  // MARK: State (in the URL hash: q, scope, open)

  const state = { q: "", scope: null, open: false };
  const scopes = data.maps.filter((m) => m.scope);
  const unscoped = data.maps.find((m) => m.id === layout.unscopedMap) || { id: layout.unscopedMap, perKey: 0, empty: [] };

  function readHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    state.q = params.get("q") || "";
    const scope = params.get("scope");
    state.scope = scopes.find((m) => `${m.scope.attribute}:${m.scope.value}` === scope) || null;
    state.open = params.get("open") === "1";
  }

  function hashOf(withOpen) {
    const params = new URLSearchParams();
    if (state.q) params.set("q", state.q);
    if (state.scope) params.set("scope", `${state.scope.scope.attribute}:${state.scope.scope.value}`);
    if (withOpen && state.open) params.set("open", "1");
    return "#" + params.toString();
  }

  /**
   * A write made once calls pause for `ms` and when the page is left, not at every call:
   * `later()` (re)starts the wait, `now()` writes what waits, `cancel()` drops it.
   */
  function coalesced(write, ms) {
    let timer = null;
    const cancel = () => {
      clearTimeout(timer);
      timer = null;
    };
    const now = () => {
      if (timer === null) return;
      cancel();
      write();
    };
    window.addEventListener("pagehide", now);
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(now, ms);
    };
    return { later, now, cancel };
  }

  // Replacing the entry on every keystroke is throttled by browsers (after about 200 calls the
  // URL stops following), so typing replaces it once it pauses for 300 ms.
  const hashWrite = coalesced(() => setHash(false), 300);
  function writeHash(push) {
    if (!onFront) return;
    hashWrite.cancel();
    if (push) setHash(true);
    else hashWrite.later();
  }

  function setHash(push) {
    const hash = hashOf(true);
    if (hash === location.hash || (hash === "#" && !location.hash)) return;
    if (push) history.pushState(null, "", hash);
    else history.replaceState(null, "", hash);
  }

  /** Another page: the search happens on the front page. */
  function goToFront() {
    location.href = root + layout.frontPage + hashOf(false);
  }

  // MARK: The way back: product and result pages link to the search they were opened from

  // Kept when typing pauses and when the page is left, not at every keystroke: a storage write
  // costs a slow device milliseconds of the keystroke's results.
  const LAST_KEY = "typeahead-last-search";
  let lastSearch = null;
  const searchWrite = coalesced(() => {
    try {
      if (lastSearch) sessionStorage.setItem(LAST_KEY, JSON.stringify(lastSearch));
      else sessionStorage.removeItem(LAST_KEY);
    } catch {
      /* storage may be unavailable */
    }
  }, 300);
  function rememberSearch(search) {
    lastSearch = search;
    searchWrite.later();
  }

  function showWayBack() {
    let search = null;
    try {
      search = JSON.parse(sessionStorage.getItem(LAST_KEY) || "null");
    } catch {
      return;
    }
    const main = document.getElementById("main");
    if (!search || typeof search.q !== "string" || typeof search.hash !== "string" || !main) return;
    const link = document.createElement("a");
    link.className = "back-link";
    link.href = root + layout.frontPage + search.hash;
    link.textContent = "← Results for “" + search.q + "”" + (search.scope ? " in " + search.scope : "");
    main.insertBefore(link, main.firstChild);
  }
  if (!onFront) showWayBack();

  // MARK: Recent searches (only searches that found something)

  function recent() {
    try {
      const list = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(list) ? list.filter((q) => typeof q === "string").slice(0, RECENT_MAX) : [];
    } catch {
      return [];
    }
  }

  function saveRecent(list) {
    try {
      if (list.length) localStorage.setItem(RECENT_KEY, JSON.stringify(list));
      else localStorage.removeItem(RECENT_KEY);
    } catch {
      /* storage may be unavailable from file:// in some browsers */
    }
  }

  function remember(query) {
    const text = query.trim().replace(/\s+/g, " ");
    if (!core.normalize(text) || text.length > 64) return;
    saveRecent([text].concat(recent().filter((q) => q !== text)).slice(0, RECENT_MAX));
  }

  // MARK: Suggestions list, in groups

  let options = [];
  let active = -1;

  function option(kind, text, html, extra) {
    return Object.assign({ kind, text, html }, extra || {});
  }

  /** Calls `callback(queries)`, unless `stale()` turns true first (a newer text replaced `text`). */
  function suggestionsFor(text, callback, stale) {
    const map = state.scope || unscoped;
    store.lookup(map.id, text, (ids) => {
      if (ids) return callback(ids.map((id) => store.query(id)));
      // Not a key: answer with the same contract, in the page, from the sharded suggestions index.
      suggestionIndex.search(text, { scope: scopeOf(state.scope), stale }, (answer) => {
        suggestionIndex.rows(answer.numbers.slice(0, map.perKey), (rows) => callback(rows.map((r) => r.query)));
      });
    }, stale);
  }

  /** Renders the suggestions for the box's text, then calls `then` (the results wait for the list). */
  function updateList(then) {
    const text = input.value;
    const requested = text;
    const done = () => then && then();
    if (!state.open) {
      render([]);
      return done();
    }
    if (core.normalize(text) === "") {
      const past = recent();
      suggestionsFor("", (queries) => {
        if (input.value !== requested || !state.open) return done();
        const groups = [];
        if (past.length) {
          groups.push({
            label: "Recent searches",
            options: past.map((q) => option("recent", q, core.escapeHTML(q)))
              .concat([option("clear", "", "Clear recent searches")]),
          });
        }
        const fresh = queries.filter((q) => !past.includes(q));
        if (fresh.length) groups.push({ label: "Popular", options: fresh.map((q) => option("suggestion", q, core.escapeHTML(q))) });
        if (!state.scope && scopes.length) {
          groups.push({ label: "Search in", options: scopes.map((s) => option("scope", s.scope.value, core.escapeHTML(s.scope.value), { scope: s })) });
        }
        render(groups);
        done();
      });
      return;
    }
    // A newer keystroke replaces this one (and searches with its own `then`): what this text
    // would still load is not loaded.
    suggestionsFor(text, (queries) => {
      if (input.value !== requested || !state.open) return done();
      render(queries.length ? [{ label: "Suggestions", options: queries.map((q) => option("suggestion", q, core.reverseHighlight(q, text))) }] : []);
      done();
    }, () => input.value !== requested);
  }

  /**
   * Benchmarks/search-page.py reads these: from the keystroke's mark to now (`name`), and to the
   * first frame painted after it (`name-paint`). Each keystroke is measured once.
   */
  function measureSince(mark, name) {
    if (!window.performance || !performance.measure) return;
    const marks = performance.getEntriesByName(mark);
    if (!marks.length) return;
    const start = marks[marks.length - 1].startTime;
    performance.clearMarks(mark);
    performance.measure(name, { start });
    afterPaint(() => performance.measure(name + "-paint", { start }));
  }

  let announced = "";
  function render(groups) {
    options = [];
    active = -1;
    listbox.textContent = "";
    groups.forEach((group, g) => {
      const box = document.createElement("div");
      box.setAttribute("role", "group");
      box.className = "option-group";
      const heading = document.createElement("div");
      heading.id = "typeahead-group-" + g;
      heading.className = "group-heading";
      heading.setAttribute("role", "presentation");
      heading.textContent = group.label;
      box.setAttribute("aria-labelledby", heading.id);
      box.appendChild(heading);
      for (const o of group.options) box.appendChild(optionElement(o, options.push(o) - 1));
      listbox.appendChild(box);
    });
    const open = state.open && options.length > 0;
    listbox.hidden = !open;
    measureSince("typeahead-keystroke", "typeahead-render");
    input.setAttribute("aria-expanded", open ? "true" : "false");
    input.removeAttribute("aria-activedescendant");
    // The count, said politely once it changes (not on every keystroke that keeps it).
    const count = options.filter((o) => o.kind === "suggestion" || o.kind === "recent").length;
    const text = !state.open ? "" : count === 0 ? (core.normalize(input.value) ? "No suggestions" : "")
      : count + (count === 1 ? " suggestion" : " suggestions") + ", use the arrow keys to choose";
    if (text !== announced) {
      announced = text;
      announce.textContent = text;
    }
  }

  function optionElement(o, i) {
    const item = document.createElement("div");
    item.id = "typeahead-option-" + i;
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", "false");
    item.className = "option option-" + o.kind;
    const label = document.createElement("span");
    label.className = "option-label";
    label.innerHTML = o.html;
    item.appendChild(label);
    item.addEventListener("mousedown", (event) => event.preventDefault());
    item.addEventListener("click", () => choose(i));
    if (o.kind === "suggestion" || o.kind === "recent") {
      // Tap-ahead: not a control inside the option (an option holds no interactive content);
      // the keyboard way is → on the active option.
      const fill = document.createElement("span");
      fill.className = "option-fill";
      fill.setAttribute("aria-hidden", "true");
      fill.title = "Fill in “" + o.text + "”";
      fill.textContent = "↖";
      fill.addEventListener("mousedown", (event) => event.preventDefault());
      fill.addEventListener("click", (event) => {
        event.stopPropagation();
        tapAhead(o.text);
      });
      item.appendChild(fill);
    }
    return item;
  }

  function tapAhead(text) {
    input.value = text + " ";
    state.q = input.value;
    writeHash(committed);
    committed = false;
    updateList();
    if (onFront) updateResults();
  }

  function highlightActive() {
    options.forEach((_, i) => {
      const item = document.getElementById("typeahead-option-" + i);
      if (item) item.setAttribute("aria-selected", i === active ? "true" : "false");
    });
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", "typeahead-option-" + active);
      const item = document.getElementById("typeahead-option-" + active);
      if (item && item.scrollIntoView) item.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function choose(i) {
    const o = options[i];
    if (!o) return;
    if (o.kind === "clear") {
      saveRecent([]);
      updateList();
      return;
    }
    if (o.kind === "scope") {
      state.scope = o.scope;
      showToken();
      writeHash(true);
      updateList();
      if (onFront) updateResults();
      input.focus();
      return;
    }
    input.value = o.text;
    submit();
  }

  let committed = true;

  function submit() {
    state.q = input.value;
    state.open = false;
    if (!onFront) return goToFront();
    // Typing already started this search's history entry; otherwise it gets a new one.
    writeHash(committed);
    if (!committed) hashWrite.now();
    committed = true;
    render([]);
    updateResults(true);
  }

  function showToken() {
    if (state.scope) {
      token.hidden = false;
      token.textContent = state.scope.scope.value + " ×";
      token.setAttribute("aria-label", "Remove the scope " + state.scope.scope.value);
    } else {
      token.hidden = true;
      token.textContent = "";
    }
  }

  // MARK: Results (infinite scroll, front page)

  // Results are searched after the suggestion list has had its frame: the list comes first. A
  // timeout alone would run before the frame (tasks queued before a frame run first), so the
  // search waits for the next animation frame, then for the task after it; a keystroke in between
  // replaces it. The files of a precomputed answer start loading at once, while the list paints.
  let resultsTimer = null;
  let resultsFrame = null;
  function scheduleResults() {
    if (!onFront) return;
    clearTimeout(resultsTimer);
    if (resultsFrame !== null) cancelAnimationFrame(resultsFrame);
    const query = state.q;
    const scope = state.scope;
    productIndex.prefetchAnswer(query, scope, () => state.q !== query || state.scope !== scope);
    resultsFrame = requestAnimationFrame(() => {
      resultsFrame = null;
      resultsTimer = setTimeout(updateResults, 0);
    });
  }

  let answer = null;
  let shown = 0;
  let drawing = false;

  /** Searches the box's text; `submitted` searches are remembered when they find something. */
  function updateResults(submitted) {
    const query = state.q;
    const scope = state.scope;
    const stale = () => state.q !== query || state.scope !== scope;
    productIndex.search(query, { scope: scopeOf(scope), stale }, (found) => {
      if (state.q !== query || state.scope !== scope) return;
      answer = found;
      shown = 0;
      drawing = false;
      results.innerHTML = "";
      results.dataset.dynamic = "1";
      const searching = core.normalize(query) !== "" || !!scope;
      const words = query.trim();
      const where = scope ? " in " + scope.scope.value : "";
      status.textContent = found.nbHits === 0 ? "No results" : core.groupDigits(found.nbHits) + (found.nbHits === 1 ? " result" : " results");
      const heading = document.getElementById("results-heading");
      if (heading) heading.textContent = searching ? (words ? "Results for “" + words + "”" : "All products") + where : "Most popular products";
      if (popular) popular.hidden = searching;
      if (submitted === true && found.nbHits > 0) remember(query);
      rememberSearch(searching && found.nbHits > 0 ? { q: words, scope: scope ? scope.scope.value : null, hash: hashOf(false) } : null);
      // Said once typing pauses, not on every keystroke (the suggestion count is said at once).
      announceLater(status.textContent + (words ? " for " + words : "") + where);
      showEmpty(found.nbHits === 0 ? (words || "these words") + where : null);
      if (found.nbHits === 0) measureSince("typeahead-keystroke-results", "typeahead-results");
      more();
    });
  }

  let pendingAnnouncement = null;
  function announceLater(text) {
    clearTimeout(pendingAnnouncement);
    pendingAnnouncement = setTimeout(() => {
      announced = text;
      announce.textContent = text;
    }, 700);
  }

  /** The empty state: what was searched, and popular searches to try instead. */
  function showEmpty(searched) {
    if (!empty) return;
    empty.hidden = searched === null;
    empty.textContent = "";
    if (searched === null) return;
    const title = document.createElement("p");
    title.className = "empty-title";
    title.textContent = "No products match “" + searched + "”.";
    empty.appendChild(title);
    const hint = document.createElement("p");
    hint.textContent = state.scope ? "Try fewer words, check the spelling, or search all products." : "Try fewer words or check the spelling. Popular searches:";
    empty.appendChild(hint);
    if (state.scope) {
      const all = document.createElement("button");
      all.type = "button";
      all.className = "chip";
      all.textContent = "Search all products";
      all.addEventListener("click", () => {
        state.scope = null;
        showToken();
        writeHash(true);
        updateResults(true);
      });
      empty.appendChild(all);
      return;
    }
    const list = document.createElement("ul");
    list.className = "popular-list";
    for (const id of unscoped.empty) {
      const query = data.queries[id];
      if (query === undefined) continue;
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "chip";
      button.textContent = query;
      button.addEventListener("click", () => {
        input.value = query;
        submit();
      });
      li.appendChild(button);
      list.appendChild(li);
    }
    empty.appendChild(list);
  }

  /** Draws the next page of the current answer (its rows load on demand). */
  function more() {
    const current = answer;
    if (!current || drawing || shown >= current.nbHits) return;
    drawing = true;
    if (shown >= current.numbers.length) {
      // A head or a precomputed answer gave the first page only: the rest comes from the whole search.
      current.rest((whole) => {
        if (current !== answer) return;
        answer = whole;
        drawing = false;
        more();
      });
      return;
    }
    const start = shown;
    const end = Math.min(start + data.products.hitsPerPage, current.numbers.length);
    productIndex.rows(current.numbers.slice(start, end), (rows) => {
      if (current !== answer) return;
      const draw = (from, to) => {
        for (let k = from; k < to; k++) results.appendChild(card(rows[k], current.highlight(String(rows[k].name || ""), start + k).value));
      };
      // A keystroke's first page: the cards a screen can show are drawn at once, the others
      // once those have painted (a card is at least 80 px tall).
      const now = start === 0 ? Math.min(rows.length, Math.ceil(window.innerHeight / 80)) : rows.length;
      draw(0, now);
      if (start === 0) measureSince("typeahead-keystroke-results", "typeahead-results");
      shown = end;
      afterPaint(() => {
        if (current !== answer) return;
        draw(now, rows.length);
        drawing = false;
        // The sentinel may still be in view after a short page: keep filling. (Read after the
        // frame, when the layout is done: read at once, it would force one.)
        if (sentinel && sentinel.getBoundingClientRect().top < window.innerHeight) more();
      });
    });
  }

  /** Calls `then` in a task after the next frame has painted. */
  function afterPaint(then) {
    requestAnimationFrame(() => setTimeout(then, 0));
  }

  /**
   * A result as the product-card partial draws it: a copy of the card the build rendered empty
   * into a <template> (with a picture, or with the placeholder), filled in.
   */
  const cardTemplates = {
    picture: document.getElementById("typeahead-card"),
    placeholder: document.getElementById("typeahead-card-placeholder"),
  };
  function card(record, nameHTML) {
    // record.image: [path from the site's root, width, height], a URL ("link"), or null.
    const template = record.image ? cardTemplates.picture : cardTemplates.placeholder;
    const li = template.content.firstElementChild.cloneNode(true);
    li.dataset.objectId = record.objectID;
    li.querySelector(".hit-link").href = root + layout.productPage[0] + record.slug + layout.productPage[1];
    const picture = li.querySelector(".hit-image");
    if (record.image) {
      if (Array.isArray(record.image)) {
        picture.src = root + record.image[0];
        picture.width = record.image[1];
        picture.height = record.image[2];
      } else {
        picture.src = record.image;
        picture.removeAttribute("width");
        picture.removeAttribute("height");
      }
    } else {
      const mark = core.placeholder(record.brand, record.name);
      picture.className = "hit-image placeholder tone-" + mark.tone;
      picture.textContent = mark.initial;
    }
    li.querySelector(".hit-name").innerHTML = nameHTML;
    const brand = li.querySelector(".hit-brand");
    if (record.brand != null) brand.textContent = record.brand;
    else brand.remove();
    const price = li.querySelector(".hit-price");
    if (record.price != null) price.textContent = core.formatPrice(record.price, data.products.currency);
    else price.remove();
    return li;
  }

  if ("IntersectionObserver" in window && sentinel) {
    new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more();
    }).observe(sentinel);
  }

  // MARK: Events

  input.addEventListener("focus", () => {
    state.open = true;
    writeHash(false);
    updateList();
    // A small map's manifest pages, so the first keystroke waits for its shard only.
    store.prefetch((state.scope || unscoped).id);
    if (onFront) setTimeout(warm, 0);
  });

  // What the first keystroke's results run for the first time (the highlighting, a card) is run
  // once when the box gets the focus, after the list is drawn: a cold start costs the first
  // results tens of milliseconds on a slow device.
  let warmed = false;
  function warm() {
    if (warmed) return;
    warmed = true;
    productIndex.warm();
    card({ objectID: "", slug: "", price: 1, image: null, name: "A", brand: "B" }, "A");
    core.formatPrice(1234.5, data.products.currency);
  }

  // A click in the box reopens a list closed by Escape or a search, as a focus opens it.
  input.addEventListener("click", () => {
    if (state.open) return;
    state.open = true;
    writeHash(false);
    updateList();
  });
  input.addEventListener("input", () => {
    // Performance marks: keystroke → rendered list, read by Benchmarks/search-page.py.
    if (window.performance && performance.mark) {
      performance.mark("typeahead-keystroke");
      performance.mark("typeahead-keystroke-results");
    }
    state.q = input.value;
    state.open = true;
    // The first keystroke after a search starts a new history entry; later ones replace it.
    writeHash(committed);
    committed = false;
    updateList(scheduleResults);
    if (onFront) productIndex.prefetch(state.q, state.scope);
  });
  input.addEventListener("blur", () => {
    state.open = false;
    writeHash(false);
    render([]);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!state.open) {
        state.open = true;
        updateList();
        return;
      }
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      active = active + step < -1 ? options.length - 1 : active + step >= options.length ? -1 : active + step;
      highlightActive();
    } else if (event.key === "ArrowRight" && active >= 0 && (options[active].kind === "suggestion" || options[active].kind === "recent") &&
      input.selectionStart === input.value.length) {
      event.preventDefault();
      tapAhead(options[active].text);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active >= 0) choose(active);
      else submit();
    } else if (event.key === "Escape") {
      // The first Escape closes the list; the next one clears the box (and leaves the list closed).
      event.preventDefault();
      if (input.getAttribute("aria-expanded") === "true") {
        state.open = false;
        writeHash(false);
        render([]);
      } else if (input.value !== "") {
        input.value = "";
        state.q = "";
        writeHash(true);
        if (onFront) updateResults();
      }
    } else if (event.key === "Backspace" && input.value === "" && state.scope) {
      state.scope = null;
      showToken();
      writeHash(true);
      updateList();
      if (onFront) updateResults();
    }
  });
  token.addEventListener("click", () => {
    state.scope = null;
    showToken();
    writeHash(true);
    if (onFront) updateResults();
    input.focus();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  function restore() {
    if (!onFront) return;
    readHash();
    input.value = state.q;
    showToken();
    // The empty query's first page is already in the HTML: the client index loads only when needed.
    if (core.normalize(state.q) !== "" || state.scope || results.dataset.dynamic) updateResults();
    // A list open in the box shows what the box now says (after Back, Forward or a new hash).
    if (document.activeElement === input) state.open = true;
    if (state.open) {
      if (document.activeElement !== input) input.focus();
      updateList();
    } else {
      render([]);
    }
  }
  window.addEventListener("popstate", restore);
  window.addEventListener("hashchange", restore);
  document.documentElement.classList.add("js");
  restore();
})();
