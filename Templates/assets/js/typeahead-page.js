// The search box of every page: a WAI-ARIA combobox whose suggestions come from the precomputed
// prefix maps (shards loaded as classic scripts, so it works from file://), in groups (recent
// searches, popular, scopes); on the front page, results from the client index, a scope token,
// and the state in the URL hash. On other pages, a search opens the front page with it. The rules
// (state, keys, hash, recent searches, groups) are TypeaheadCombobox's; this is their DOM. Plain
// DOM, no dependencies.
(function () {
  "use strict";
  const core = window.TypeaheadCore;
  const combobox = window.TypeaheadCombobox;
  const data = window.TypeaheadSiteData;
  const input = document.getElementById("typeahead-input");
  if (!core || !combobox || !window.TypeaheadMaps || !window.TypeaheadIndex || !data || !input) return;
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

  // MARK: Scripts loaded on demand (classic scripts work from file://)

  // One loader for every file: the client indices' (`typeaheadIndex`) and the prefix maps'
  // (`typeaheadShard`, `typeaheadManifest`, through the store).
  const loader = window.TypeaheadIndex.createLoader(loadScript);

  function loadScript(src) {
    const script = document.createElement("script");
    script.src = root + src;
    script.onerror = () => loader.failed(src);
    document.head.appendChild(script);
  }

  const store = window.TypeaheadMaps.createStore(data, loader);
  window.typeaheadIndex = loader.register;
  window.typeaheadShard = store.register;
  window.typeaheadManifest = store.registerPage;
  const productIndex = window.TypeaheadIndex.createClientIndex(data.products, loader);
  const suggestionIndex = window.TypeaheadIndex.createClientIndex(data.suggestions, loader);
  const scopeOf = (map) => (map ? [map.scope.attribute, map.scope.value] : null);

  // The refinement panel (TypeaheadPanel), on the front page of a site with facets, and on the
  // first page of a result page: there its counts are of the page's query, and a refinement goes
  // on at the search page (`data-search`, the search's address there), where the list it opens is.
  const refineElement = document.getElementById("typeahead-refine");
  const searchHref = refineElement ? refineElement.dataset.search : undefined;
  if (refineElement && searchHref && window.TypeaheadPanel && data.products.facets) {
    window.TypeaheadPanel.frame(refineElement, data.products.facets);
  }
  const panel =
    refineElement && (onFront || searchHref) && window.TypeaheadPanel && window.TypeaheadRefine && data.products.facets
      ? window.TypeaheadPanel.create(
          {
            panel: refineElement,
            body: document.getElementById("typeahead-refine-body"),
            close: document.getElementById("typeahead-refine-close"),
            bar: document.getElementById("typeahead-results-bar"),
            button: document.getElementById("typeahead-filters"),
            chips: document.getElementById("typeahead-chips"),
            sort: document.getElementById("typeahead-sort"),
          },
          data.products.facets,
          data.products.base,
          loader,
          {
            currency: data.products.currency,
            change: onFront
              ? (text) => {
                  // A refinement's list and counts, measured to their paint (Benchmarks/refine.py).
                  mark("typeahead-keystroke-results");
                  mark("typeahead-refine");
                  apply(combobox.refine(state, text));
                }
              : (text) => (location.href = searchHref + (text ? "&" + text : "")),
            // The search is made once the suggestions are closed (Enter, a choice, Escape, a blur);
            // a result page's is made.
            settled: () => !onFront || !state.open,
            // On the search page, the counts are drawn once the refined list has painted: the
            // list comes first.
            afterResults: onFront ? (then) => whenDrawn.push(then) : null,
            // The rows of the first cards a choice under the pointer would show, loaded ahead.
            prefetch: onFront
              ? (numbers) => productIndex.rows(firstScreen(numbers), () => {})
              : null,
            // A result page's static summary says what the panel now says.
            rendered: () => {
              measureSince("typeahead-refine", "typeahead-refine-counts");
              const summary = document.querySelector(".facet-summary");
              if (summary && !onFront) summary.hidden = true;
            },
          }
        )
      : null;
  if (panel && !onFront) {
    // A result page's list is unscoped (a scope's list has no static pages).
    const query = refineElement.dataset.query || "";
    const never = () => false;
    productIndex.search(query, { scope: null, stale: never }, (found) => panel.answer(found, "", never, () => {}));
  }

  // MARK: State (in the URL hash: q, scope, open)

  /** The box's state (TypeaheadCombobox's), replaced by each event. */
  let state = combobox.initial();
  const scopes = data.maps.filter((m) => m.scope);
  const unscoped = data.maps.find((m) => m.id === layout.unscopedMap) || { id: layout.unscopedMap, perKey: 0, empty: [] };

  /** Takes an event's new state and carries out its effects in order (see TypeaheadCombobox.effects). */
  function apply(outcome, event) {
    state = outcome.state;
    for (const effect of outcome.effects) {
      switch (effect) {
        case "prevent": event.preventDefault(); break;
        case "value": input.value = state.q; break;
        case "token": showToken(); break;
        case "push": writeHash(true); break;
        case "replace": writeHash(false); break;
        case "replace-now": writeHash(false); hashWrite.now(); break;
        case "list": updateList(); break;
        case "list-results": updateList(searchWithList()); break;
        case "close": render([]); if (panel) panel.refresh(); break;
        case "highlight": highlightActive(); break;
        case "results": if (onFront) updateResults(); break;
        case "search": if (onFront) updateResults(true); break;
        case "front": goToFront(); break;
        case "forget-recent": saveRecent([]); break;
        case "focus": input.focus(); break;
        case "go": openedFromSearch(state.go); location.href = state.go; break;
      }
    }
  }

  /** What the rules need to know of the DOM. */
  function facts() {
    return {
      value: input.value,
      caretAtEnd: input.selectionStart === input.value.length,
      expanded: input.getAttribute("aria-expanded") === "true",
      options,
      front: onFront,
    };
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
    const hash = combobox.hashOf(state, true);
    if (hash === location.hash || (hash === "#" && !location.hash)) return;
    if (push) history.pushState(null, "", hash);
    else history.replaceState(history.state, "", hash);
  }

  /** Another page: the search happens on the front page. */
  function goToFront() {
    location.href = root + layout.frontPage + combobox.hashOf(state, false);
  }

  // MARK: The way back: a page opened from a search's results links back to that search

  // The search shown is kept in memory; it is stored (with the page it opens) only when a result
  // is opened, so the link appears on that page alone and names the search that led there.
  const LAST_KEY = "typeahead-last-search";
  let lastSearch = null;
  // The stored search, while it is the one shown: another search forgets it (once), so a page
  // opened from an earlier search does not link back once the shopper searched something else.
  let storedHash = null;
  try {
    const stored = combobox.parseWayBack(sessionStorage.getItem(LAST_KEY));
    storedHash = stored ? stored.hash : null;
  } catch {
    /* storage may be unavailable */
  }
  function rememberSearch(search) {
    lastSearch = search;
    if (storedHash !== null && (!search || search.hash !== storedHash)) {
      storedHash = null;
      try {
        sessionStorage.removeItem(LAST_KEY);
      } catch {
        /* storage may be unavailable */
      }
    }
  }
  function openedFromSearch(href) {
    try {
      if (lastSearch) sessionStorage.setItem(LAST_KEY, JSON.stringify({ ...lastSearch, to: new URL(href, location.href).pathname }));
      else sessionStorage.removeItem(LAST_KEY);
      storedHash = lastSearch ? lastSearch.hash : null;
    } catch {
      /* storage may be unavailable */
    }
  }

  function showWayBack() {
    let search = null;
    try {
      search = combobox.wayBackTo(sessionStorage.getItem(LAST_KEY), location.pathname);
    } catch {
      return;
    }
    const main = document.getElementById("main");
    if (!search || !main) return;
    const link = document.createElement("a");
    link.className = "back-link";
    link.href = root + layout.frontPage + search.hash;
    link.textContent = combobox.wayBackLabel(search);
    main.insertBefore(link, main.firstChild);
  }
  if (!onFront) showWayBack();

  // MARK: Recent searches (only searches that found something)

  function recent() {
    try {
      return combobox.parseRecent(localStorage.getItem(RECENT_KEY));
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
    const list = combobox.remember(recent(), query);
    if (list) saveRecent(list);
  }

  // MARK: Suggestions list, in groups

  let options = [];

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
    const done = () => then && then();
    if (!state.open) {
      render([]);
      return done();
    }
    if (core.normalize(text) === "") {
      const past = recent();
      suggestionsFor("", (queries) => {
        if (input.value !== text || !state.open) return done();
        render(combobox.emptyGroups(past, queries, state.scope, scopes));
        done();
      });
      return;
    }
    // A newer keystroke replaces this one (and searches with its own `then`): what this text
    // would still load is not loaded.
    suggestionsFor(text, (queries) => {
      if (input.value !== text || !state.open) return done();
      // On a phone the list keeps room for the products: five suggestions, not eight.
      if (narrow && narrow.matches) queries = queries.slice(0, 5);
      listed = { text, scope: state.scope, queries };
      render(combobox.typedGroups(queries, text, scopes, state.scope, productsFor(text, state.scope)));
      done();
      // Another page has no results to take them from: the list's products are searched once
      // typing pauses (250 ms), so that a keystroke's list never waits for, nor loads, the
      // products of a text already typed past.
      clearTimeout(productsTimer);
      if (!onFront && !productsFor(text, state.scope)) {
        const scope = state.scope;
        const stale = () => input.value !== text || state.scope !== scope || !state.open;
        productsTimer = setTimeout(() => {
          if (!stale()) productIndex.search(text, { scope: scopeOf(scope), stale }, (found) => listProducts(found, text, scope));
        }, 250);
      }
    }, () => input.value !== text);
  }

  // MARK: Products in the list, as Autocomplete shows them: the first four of the search

  const LIST_PRODUCTS = 4;
  let productsTimer = null;
  const narrow = window.matchMedia ? window.matchMedia("(max-width: 40rem)") : null;
  /** What the list shows for a text: its suggestions, and the products once there. */
  let listed = null;
  let listedProducts = null;
  function productsFor(text, scope) {
    return listedProducts && listedProducts.text === text && listedProducts.scope === scope ? listedProducts.items : null;
  }

  /** The first products of `found` (the search of `text` in `scope`) join the list still showing it. */
  function listProducts(found, text, scope) {
    const numbers = found.numbers.slice(0, LIST_PRODUCTS);
    productIndex.rows(numbers, (rows) => {
      const items = rows.map((record, k) => ({
        record,
        html: found.highlight(String(record.name || ""), k).value,
        href: root + layout.productPage[0] + record.slug + layout.productPage[1],
      }));
      listedProducts = { text, scope, items };
      if (!listed || listed.text !== text || listed.scope !== scope || input.value !== text || !state.open) return;
      render(combobox.typedGroups(listed.queries, text, scopes, scope, items), true);
    });
  }

  /**
   * Benchmarks/search-page.py reads these: from the keystroke's mark to now (`name`), and to the
   * first frame painted after it (`name-paint`). Each keystroke is measured once.
   */
  function mark(name) {
    if (window.performance && performance.mark) performance.mark(name);
  }

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
  /** Draws the list's groups; `keep` keeps the active option (the products joined the same list). */
  function render(groups, keep) {
    const active = keep ? state.active : -1;
    options = [];
    state = { ...state, active };
    listbox.textContent = "";
    groups.forEach((group, g) => {
      const box = document.createElement("div");
      box.setAttribute("role", "group");
      box.className = "option-group" + (group.options.some((o) => o.kind === "product") ? " option-group-products" : "");
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
    listbox.classList.toggle("has-products", options.some((o) => o.kind === "product"));
    measureSince("typeahead-keystroke", "typeahead-render");
    input.setAttribute("aria-expanded", open ? "true" : "false");
    input.removeAttribute("aria-activedescendant");
    if (keep && active >= 0 && active < options.length) highlightActive();
    // The count, said politely once it changes (not on every keystroke that keeps it).
    const text = combobox.announcement(state.open, options, input.value);
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
    if (o.kind === "product") item.appendChild(listPicture(o.record));
    const label = document.createElement("span");
    label.className = "option-label";
    label.innerHTML = o.html;
    item.appendChild(label);
    if (o.kind === "product" && o.record.price != null) {
      const price = document.createElement("span");
      price.className = "option-price";
      price.textContent = core.formatPrice(o.record.price, data.products.currency);
      item.appendChild(price);
    }
    item.addEventListener("mousedown", (event) => event.preventDefault());
    item.addEventListener("click", () => apply(combobox.choose(state, options[i], facts())));
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
        apply(combobox.tapAhead(state, o.text));
      });
      item.appendChild(fill);
    }
    return item;
  }

  function highlightActive() {
    const active = state.active;
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

  function showToken() {
    if (state.scope) {
      token.hidden = false;
      // The name may be cut short on a phone; the × is its own box and always shows.
      token.textContent = "";
      const name = document.createElement("span");
      name.className = "scope-token-name";
      name.textContent = state.scope.scope.value;
      const remove = document.createElement("span");
      remove.className = "scope-token-remove";
      remove.setAttribute("aria-hidden", "true");
      remove.textContent = "×";
      token.append(name, remove);
      token.setAttribute("aria-label", "Remove the scope " + state.scope.scope.value);
    } else {
      token.hidden = true;
      token.textContent = "";
    }
  }

  // MARK: Results (infinite scroll, front page)

  // A keystroke's results are searched at once, while its suggestion list is found and drawn:
  // their files load side by side. The list comes first. Results found by then (a precomputed
  // answer, a head, a text searched before) are drawn once the list is rendered, and paint in its
  // frame. A search from the postings loads them once the list is rendered (the list's own files
  // come first), and ranks (tens of milliseconds on a slow phone) once it has painted; so does a
  // refined or sorted list. `listGate()` holds them: `rendered` until the list is rendered (the
  // list calls `opened`), `painted` until the frame after. A keystroke in between makes the search stale: it
  // loads nothing more and draws nothing.
  let gate = null;
  /** Callbacks held until `open()`, then run at once; `wait(then)` after it runs `then` at once. */
  function latch() {
    let waiting = [];
    return {
      open() {
        const held = waiting;
        waiting = null;
        if (held) held.forEach((then) => then());
      },
      wait(then) {
        if (waiting) waiting.push(then);
        else then();
      },
      isOpen: () => waiting === null,
    };
  }
  function listGate() {
    const rendered = latch();
    const painted = latch();
    return {
      opened() {
        if (rendered.isOpen()) return;
        rendered.open();
        afterPaint(painted.open);
      },
      rendered,
      painted,
    };
  }
  /** Starts a keystroke's results search; gives what the list calls once rendered. */
  function searchWithList() {
    const own = listGate();
    gate = own;
    if (onFront) updateResults(false, own);
    return own.opened;
  }

  let answer = null;
  let shown = 0;
  let drawing = false;
  // Counts the lists drawn: the same answer can be drawn twice (Enter on the text just shown), and
  // a page still loading for the first list must not land in the second.
  let listNumber = 0;

  /** Searches the box's text; `submitted` searches are remembered when they find something. */
  function updateResults(submitted, listed) {
    const query = state.q;
    const scope = state.scope;
    const refinements = state.refine || "";
    // A newer search, with its list or not, makes this one stale.
    const own = (gate = listed || null);
    const stale = () => state.q !== query || state.scope !== scope || (state.refine || "") !== refinements || gate !== own;
    const answered = (found) => {
      if (stale()) return;
      if (listed && !listed.rendered.isOpen()) return listed.rendered.wait(() => answered(found));
      // A refined or sorted list ranks the whole answer (`rest`): after the list has painted.
      if (listed && refinements && !listed.painted.isOpen()) return listed.painted.wait(() => answered(found));
      if (panel) panel.answer(found, refinements, stale, (refined) => show(refined, submitted, stale), query + "\u0000" + (scope ? scope.id : ""));
      else show(found, submitted, stale);
    };
    // A refinement of the search shown refines its answer: the text is not searched again.
    if (lastFound && lastFound.query === query && lastFound.scope === scope) return answered(lastFound.found);
    productIndex.search(query, { scope: scopeOf(scope), stale, hold: listed ? (then, step) => (step === "postings" ? listed.rendered : listed.painted).wait(then) : null }, (found) => {
      if (!stale()) lastFound = { query, scope, found };
      answered(found);
    });
  }
  let lastFound = null;

  /** The cards a screen can show at once (a card is at least 80 px tall). */
  function cardsOnScreen() {
    return Math.ceil(window.innerHeight / 80);
  }

  /** The numbers of an answer's first page that a screen shows: loaded and drawn first. */
  function firstScreen(numbers) {
    // No more than a precomputed answer's rows file holds (`answerRows`), also on a taller screen.
    return numbers.slice(0, Math.min(data.products.hitsPerPage, cardsOnScreen(), data.products.answerRows || Infinity));
  }

  /**
   * Draws an answer (refined by the panel, when there is one), once the rows of the cards a screen
   * shows have loaded (at once when they have): the list shown before stays until the new one can
   * replace it in the same frame, so no empty list is painted between them, and a slow device
   * spends no frame on one. Nothing is drawn when `stale()` has turned true meanwhile.
   */
  function show(found, submitted, stale) {
    // Meanwhile the cards shown draw no more of their answer (a scroll to the end would load it).
    const own = (incoming = {});
    productIndex.rows(firstScreen(found.numbers), () => {
      if (incoming === own) incoming = null;
      if (!stale || !stale()) showLoaded(found, submitted);
    });
  }
  let incoming = null;

  function showLoaded(found, submitted) {
    const query = state.q;
    {
      answer = found;
      listNumber += 1;
      shown = 0;
      drawing = false;
      results.innerHTML = "";
      results.dataset.dynamic = "1";
      const said = combobox.describe(state, found.nbHits);
      status.textContent = said.status;
      const heading = document.getElementById("results-heading");
      if (heading) heading.textContent = said.heading;
      if (popular) popular.hidden = said.searching;
      // The list still showing this text takes its first products from these results.
      if (state.open && listed && listed.text === input.value && listed.scope === state.scope && input.value === query) {
        listProducts(found, query, state.scope);
      }
      if (submitted === true && found.nbHits > 0) remember(query);
      rememberSearch(said.wayBack);
      const note = combobox.removalNote(query, found.words || [], found.dropped, found.nbHits);
      // Said once typing pauses, not on every keystroke (the suggestion count is said at once).
      announceLater(note ? note + ". " + said.status : said.announcement);
      showRemoval(note);
      showEmpty(said.searched);
      if (found.nbHits === 0) {
        measureSince("typeahead-keystroke-results", "typeahead-results");
        drawn();
      }
      more();
    }
  }

  let pendingAnnouncement = null;
  function announceLater(text) {
    clearTimeout(pendingAnnouncement);
    pendingAnnouncement = setTimeout(() => {
      announced = text;
      announce.textContent = text;
    }, 700);
  }

  /**
   * Above the results, when words were made optional to find them: "No results for “cheap
   * laptop”; showing results for “laptop”". The text is the shopper's: set as text, never as HTML.
   */
  function showRemoval(note) {
    let element = document.getElementById("typeahead-removal");
    if (!note) {
      if (element) element.hidden = true;
      return;
    }
    if (!element) {
      element = document.createElement("p");
      element.id = "typeahead-removal";
      element.className = "notice";
      results.parentNode.insertBefore(element, results);
    }
    element.textContent = note;
    element.hidden = false;
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
      all.addEventListener("click", () => apply(combobox.searchEverywhere(state)));
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
      button.addEventListener("click", () => apply(combobox.searchFor(state, query, facts())));
      li.appendChild(button);
      list.appendChild(li);
    }
    empty.appendChild(list);
  }

  /** Draws the next page of the current answer (its rows load on demand). */
  function more() {
    const current = answer;
    if (!current || drawing || incoming || shown >= current.nbHits) return;
    drawing = true;
    const number = listNumber;
    const gone = () => current !== answer || number !== listNumber;
    if (shown >= current.numbers.length) {
      // A head or a precomputed answer gave the first page only: the rest comes from the whole search.
      current.rest((whole) => {
        if (gone()) return;
        answer = whole;
        drawing = false;
        more();
      });
      return;
    }
    const start = shown;
    const end = Math.min(start + data.products.hitsPerPage, current.numbers.length);
    // A first page: the cards a screen can show (a card is at least 80 px tall) are loaded and
    // drawn first, the others once those have painted; a refined list's rows are rarely loaded
    // yet, and each file of them costs a slow device a script to run.
    const now = start === 0 ? firstScreen(current.numbers).length : end;
    const draw = (rows, from) => {
      const unmatched = [];
      for (let k = 0; k < rows.length; k++) {
        const name = current.highlight(String(rows[k].name || ""), from + k);
        const li = card(rows[k], name.value);
        results.appendChild(li);
        if (name.matchLevel !== "full") unmatched.push({ li, at: from + k, name });
      }
      // Why a product whose name does not match every word came up: its snippet, once its text loads.
      if (productIndex.snippet && unmatched.length > 0 && current.words && current.words.length > 0) {
        productIndex.snippets(
          unmatched.map(({ at }) => current.numbers[at]),
          (texts) => {
            if (gone()) return;
            unmatched.forEach(({ li, at, name }, k) => showSnippet(li, current, at, name, texts[k]));
          }
        );
      }
    };
    productIndex.rows(current.numbers.slice(start, now), (rows) => {
      if (gone()) return;
      draw(rows, start);
      if (start === 0) {
        measureSince("typeahead-keystroke-results", "typeahead-results");
        drawn();
      }
      shown = end;
      afterPaint(() => {
        if (gone()) return;
        productIndex.rows(current.numbers.slice(now, end), (rest) => {
          if (gone()) return;
          draw(rest, now);
          drawing = false;
          if (settlePlace()) return;
          // The sentinel may still be in view after a short page: keep filling. (Read after the
          // frame, when the layout is done: read at once, it would force one.)
          if (sentinel && sentinel.getBoundingClientRect().top < window.innerHeight) more();
        });
      });
    });
  }

  // MARK: The place in the list, kept when a result is opened and given back on the way back

  // history.state of the search's entry holds how many cards were drawn and the scroll position
  // when a result was opened; a "see them all" link (`from=21` in the hash) asks for the list to
  // go on from that result. The list draws pages until it holds them, then scrolls there.
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  let place = history.state && history.state.typeaheadPlace ? history.state.typeaheadPlace : null;
  {
    const params = new URLSearchParams(location.hash.slice(1));
    const from = Number(params.get("from"));
    if (params.has("from")) {
      params.delete("from");
      history.replaceState(history.state, "", "#" + params.toString());
      if (Number.isInteger(from) && from > 1) place = { from };
    }
  }
  function keepPlace(link) {
    openedFromSearch(link.href);
    // The card opened, and where it was on the screen: the way back puts it there again, whatever
    // the rows above it (a notice, the panel's bar) take once drawn.
    const item = link.closest("#" + results.id + " > li");
    const anchor = item ? Array.prototype.indexOf.call(results.children, item) : -1;
    const offset = item ? Math.round(item.getBoundingClientRect().top) : 0;
    try {
      // The cards on the screen, drawn or still being drawn (a page's rows come in two parts).
      const cards = Math.max(shown, results.children.length);
      history.replaceState({ typeaheadPlace: { cards, y: Math.round(window.scrollY), anchor, offset } }, "", location.href);
    } catch {
      /* a history write may be refused */
    }
  }
  if (onFront) {
    results.addEventListener("click", (event) => {
      const link = event.target.closest && event.target.closest("a[href]");
      if (link) keepPlace(link);
    });
  }
  /** After a page of cards is drawn: more pages until the place is reached, then there. */
  function settlePlace() {
    if (!place || !answer) return false;
    const want = place.from ? place.from - 1 + data.products.hitsPerPage : place.cards;
    if (shown < Math.min(want, answer.nbHits)) {
      more();
      return true;
    }
    const target = place;
    place = null;
    if (target.from) {
      const item = results.children[target.from - 1];
      if (item) {
        // Just under the sticky header, and kept there while the rows above settle.
        const header = document.querySelector(".site-header");
        keepInPlace(item, (header ? Math.max(0, header.getBoundingClientRect().bottom) : 0) + 8);
        const link = item.querySelector("a");
        if (link) link.focus({ preventScroll: true });
      }
    } else if (target.anchor >= 0 && results.children[target.anchor]) {
      keepInPlace(results.children[target.anchor], target.offset);
    } else {
      window.scrollTo(0, target.y);
    }
    return true;
  }

  /**
   * Scrolls `item` to `offset` from the top of the screen, and keeps it there for two seconds while
   * the rows around it settle (a late row, the panel's bar), unless the shopper scrolls first.
   */
  function keepInPlace(item, offset) {
    const put = () => window.scrollBy(0, item.getBoundingClientRect().top - offset);
    put();
    if (!("ResizeObserver" in window)) return;
    const watch = new ResizeObserver(put);
    const inputs = ["wheel", "touchstart", "keydown", "pointerdown"];
    const stop = () => {
      watch.disconnect();
      for (const name of inputs) window.removeEventListener(name, stop, true);
    };
    watch.observe(results);
    watch.observe(document.body);
    for (const name of inputs) window.addEventListener(name, stop, true);
    setTimeout(stop, 2000);
  }

  /** What waits for the next list's first cards to paint (the panel's counts), then runs. */
  let whenDrawn = [];
  function drawn() {
    const waiting = whenDrawn;
    whenDrawn = [];
    if (waiting.length) afterPaint(() => waiting.forEach((then) => then()));
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
    // The card's parts (product-card.mustache): the link's first element is the picture (img, or
    // the placeholder's i), then its text (name b, brand small), then the price (strong).
    const link = li.querySelector(":scope > a");
    link.href = root + layout.productPage[0] + record.slug + layout.productPage[1];
    const picture = link.firstElementChild;
    if (record.image) {
      showPicture(picture, record.image);
    } else {
      const mark = core.placeholder(record.brand, record.name);
      picture.className = "tone-" + mark.tone + " kind-" + kindOf(record);
      picture.textContent = "";
    }
    link.querySelector(":scope > span > b").innerHTML = nameHTML;
    const brand = link.querySelector(":scope > span > small");
    if (record.brand != null) brand.textContent = record.brand;
    else brand.remove();
    const price = link.querySelector(":scope > strong");
    if (record.price != null) price.textContent = core.formatPrice(record.price, data.products.currency);
    else price.remove();
    return li;
  }

  /** A card's snippet (docs/CONTRACT.md, Snippets), shown under its name: HTML the highlighter escaped. */
  function showSnippet(li, found, at, name, values) {
    const setting = productIndex.snippet;
    const html = core.cardSnippet(name, values, (value) => found.highlight(value, at), setting.words, setting.ellipsis);
    const text = li.querySelector(":scope > a > span");
    if (html === null || !text) return;
    const span = document.createElement("span");
    span.className = "hit-snippet";
    span.innerHTML = html;
    text.appendChild(span);
  }

  /**
   * A product's picture in the list (every page has the list, not the card templates): its own
   * thumbnail, or the placeholder the cards draw.
   */
  function listPicture(record) {
    if (record.image) {
      const img = document.createElement("img");
      img.className = "hit-image";
      img.alt = "";
      showPicture(img, record.image);
      return img;
    }
    const mark = core.placeholder(record.brand, record.name);
    const span = document.createElement("span");
    span.className = "hit-image tone-" + mark.tone + " kind-" + kindOf(record);
    return span;
  }

  /** A picture's source and size: [path from the site's root, width, height], or a URL ("link", no size). */
  function showPicture(img, image) {
    if (Array.isArray(image)) {
      img.src = root + image[0];
      img.width = image[1];
      img.height = image[2];
    } else {
      img.src = image;
      img.removeAttribute("width");
      img.removeAttribute("height");
    }
  }

  /** The kind's icon, as the build draws it; a kind the stylesheet does not know is "other". */
  function kindOf(record) {
    return /^[a-z]{1,16}$/.test(String(record.kind)) ? record.kind : "other";
  }

  if ("IntersectionObserver" in window && sentinel) {
    new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more();
    }).observe(sentinel);
  }

  // MARK: Events

  input.addEventListener("focus", () => {
    apply(combobox.focus(state));
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

  input.addEventListener("click", () => apply(combobox.click(state)));
  input.addEventListener("input", () => {
    // Performance marks: keystroke → rendered list, read by Benchmarks/search-page.py.
    if (window.performance && performance.mark) {
      performance.mark("typeahead-keystroke");
      performance.mark("typeahead-keystroke-results");
    }
    apply(combobox.input(state, input.value));
    if (onFront) productIndex.prefetch(state.q, state.scope);
  });
  input.addEventListener("blur", () => apply(combobox.blur(state)));
  input.addEventListener("keydown", (event) => apply(combobox.key(state, event.key, facts()), event));
  token.addEventListener("click", () => apply(combobox.clickToken(state)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply(combobox.submit(state, input.value, facts()));
  });

  function restore() {
    if (!onFront) return;
    apply(combobox.restore(state, { hash: location.hash, scopes, focused: document.activeElement === input, drawn: !!results.dataset.dynamic }));
  }
  window.addEventListener("popstate", restore);
  window.addEventListener("hashchange", restore);
  document.documentElement.classList.add("js");
  restore();
})();
