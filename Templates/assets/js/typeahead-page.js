// The search page: a WAI-ARIA combobox whose suggestions come from the precomputed prefix maps
// (shards loaded as classic scripts, so it works from file://), results from the client index, a
// scope token, recent searches, and the state in the URL hash. Plain DOM, no dependencies.
(function () {
  "use strict";
  const core = window.TypeaheadCore;
  const dataElement = document.getElementById("typeahead-data");
  const input = document.getElementById("typeahead-input");
  if (!core || !window.TypeaheadMaps || !window.TypeaheadIndex || !dataElement || !input) return;
  const data = JSON.parse(dataElement.textContent);
  const listbox = document.getElementById("typeahead-listbox");
  const token = document.getElementById("typeahead-token");
  const results = document.getElementById("typeahead-results");
  const status = document.getElementById("typeahead-status");
  const sentinel = document.getElementById("typeahead-more");
  const form = document.getElementById("typeahead-form");
  const root = document.documentElement.dataset.root || "";
  const RECENT_KEY = "typeahead-recent";

  // MARK: Scripts loaded on demand (classic scripts work from file://)

  const loader = window.TypeaheadIndex.createLoader(loadScript);
  window.typeaheadIndex = loader.register;

  function loadScript(src) {
    const script = document.createElement("script");
    script.src = root + src;
    if (src.startsWith(data.products.base) || src.startsWith(data.suggestions.base)) script.onerror = () => loader.failed(src);
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

  function readHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    state.q = params.get("q") || "";
    const scope = params.get("scope");
    state.scope = scopes.find((m) => `${m.scope.attribute}:${m.scope.value}` === scope) || null;
    state.open = params.get("open") === "1";
  }

  function writeHash(push) {
    const params = new URLSearchParams();
    if (state.q) params.set("q", state.q);
    if (state.scope) params.set("scope", `${state.scope.scope.attribute}:${state.scope.scope.value}`);
    if (state.open) params.set("open", "1");
    const hash = "#" + params.toString();
    if (hash === location.hash || (hash === "#" && !location.hash)) return;
    if (push) history.pushState(null, "", hash);
    else history.replaceState(null, "", hash);
  }

  // MARK: Suggestions list

  let options = [];
  let active = -1;

  function recent() {
    try {
      return JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    } catch {
      return [];
    }
  }

  function remember(query) {
    const text = query.trim();
    if (!text) return;
    const list = [text].concat(recent().filter((q) => q !== text)).slice(0, 5);
    try {
      localStorage.setItem(RECENT_KEY, JSON.stringify(list));
    } catch {
      /* storage may be unavailable from file:// in some browsers */
    }
  }

  function option(kind, text, html, extra) {
    return Object.assign({ kind, text, html }, extra || {});
  }

  function suggestionsFor(text, callback) {
    const mapId = state.scope ? state.scope.id : "all";
    store.lookup(mapId, text, (ids) => {
      if (ids) return callback(ids.map((id) => store.query(id)));
      // Not a key: answer with the same contract, in the page, from the sharded suggestions index.
      suggestionIndex.search(text, { scope: scopeOf(state.scope) }, (answer) => {
        suggestionIndex.rows(answer.numbers.slice(0, data.suggestionsPerKey), (rows) => callback(rows.map((r) => r.query)));
      });
    });
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
        if (input.value !== requested) return done();
        const list = past.map((q) => option("recent", q, core.escapeHTML(q)));
        for (const q of queries) if (!past.includes(q)) list.push(option("suggestion", q, "<em>" + core.escapeHTML(q) + "</em>"));
        if (!state.scope) for (const s of scopes) list.push(option("scope", s.scope.value, core.escapeHTML(s.scope.value), { scope: s }));
        render(list);
        done();
      });
      return;
    }
    suggestionsFor(text, (queries) => {
      if (input.value !== requested) return done();
      render(queries.map((q) => option("suggestion", q, core.reverseHighlight(q, text))));
      done();
    });
  }

  function render(list) {
    options = list;
    active = -1;
    listbox.innerHTML = "";
    list.forEach((o, i) => {
      const li = document.createElement("li");
      li.id = "typeahead-option-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      li.className = "option option-" + o.kind;
      const label = document.createElement("span");
      label.className = "option-label";
      label.innerHTML = (o.kind === "recent" ? '<span class="option-kind">Recent</span> ' : o.kind === "scope" ? '<span class="option-kind">In</span> ' : "") + o.html;
      li.appendChild(label);
      li.addEventListener("mousedown", (event) => event.preventDefault());
      li.addEventListener("click", () => choose(i));
      if (o.kind !== "scope") {
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
        li.appendChild(fill);
      }
      listbox.appendChild(li);
    });
    const open = state.open && list.length > 0;
    listbox.hidden = !open;
    if (window.performance && performance.measure && performance.getEntriesByName("typeahead-keystroke").length) {
      performance.measure("typeahead-render", "typeahead-keystroke");
      performance.clearMarks("typeahead-keystroke");
    }
    input.setAttribute("aria-expanded", open ? "true" : "false");
    input.removeAttribute("aria-activedescendant");
  }

  function tapAhead(text) {
    input.value = text + " ";
    state.q = input.value;
    writeHash(committed);
    committed = false;
    updateList();
    updateResults();
  }

  function highlightActive() {
    Array.from(listbox.children).forEach((li, i) => li.setAttribute("aria-selected", i === active ? "true" : "false"));
    if (active >= 0) input.setAttribute("aria-activedescendant", "typeahead-option-" + active);
    else input.removeAttribute("aria-activedescendant");
  }

  function choose(i) {
    const o = options[i];
    if (!o) return;
    if (o.kind === "scope") {
      state.scope = o.scope;
      showToken();
      writeHash(true);
      updateList();
      updateResults();
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
    remember(state.q);
    // Typing already started this search's history entry; otherwise it gets a new one.
    writeHash(committed);
    committed = true;
    render([]);
    updateResults();
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

  // MARK: Results (infinite scroll)

  // Results are searched after the suggestion list has had its frame: the list comes first.
  let resultsTimer = null;
  function scheduleResults() {
    clearTimeout(resultsTimer);
    resultsTimer = setTimeout(updateResults, 0);
  }

  let answer = null;
  let shown = 0;
  let drawing = false;

  function updateResults() {
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
      status.textContent = found.nbHits === 0 ? "No results" : found.nbHits + " results";
      const heading = document.getElementById("results-heading");
      if (heading) heading.textContent = core.normalize(query) ? "Results for “" + query.trim() + "”" : "Most popular products";
      more();
    });
  }

  /** Draws the next page of the current answer (its rows load on demand). */
  function more() {
    const current = answer;
    if (!current || drawing || shown >= current.nbHits) return;
    drawing = true;
    if (shown >= current.numbers.length) {
      // A head gave the first page only: the rest comes from the whole search.
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
      rows.forEach((record, k) => results.appendChild(card(record, current.highlight(String(record.name || ""), start + k).value)));
      shown = end;
      drawing = false;
      // The sentinel may still be in view after a short page: keep filling.
      if (sentinel && sentinel.getBoundingClientRect().top < window.innerHeight) more();
    });
  }

  /** A result as the product-card partial draws it. */
  function card(record, nameHTML) {
    const li = document.createElement("li");
    li.className = "hit";
    li.dataset.objectId = record.objectID;
    const a = document.createElement("a");
    a.className = "hit-link";
    a.href = root + "products/" + record.slug + ".html";
    // The picture as the hit-picture partial draws it: [path, width, height] of the site's own
    // file, a URL (remoteImages "link"), or null for the placeholder.
    if (record.image) {
      const img = document.createElement("img");
      img.className = "hit-image";
      img.alt = "";
      if (Array.isArray(record.image)) {
        img.src = root + record.image[0];
        img.width = record.image[1];
        img.height = record.image[2];
      } else {
        img.src = record.image;
      }
      img.loading = "lazy";
      a.appendChild(img);
    } else {
      const mark = core.placeholder(record.brand, record.name);
      const span = document.createElement("span");
      span.className = "hit-image placeholder tone-" + mark.tone;
      span.setAttribute("aria-hidden", "true");
      span.textContent = mark.initial;
      a.appendChild(span);
    }
    const name = document.createElement("span");
    name.className = "hit-name";
    name.innerHTML = nameHTML;
    a.appendChild(name);
    li.appendChild(a);
    if (record.brand != null) {
      const brand = document.createElement("span");
      brand.className = "hit-brand";
      brand.textContent = record.brand;
      li.appendChild(brand);
    }
    if (record.price != null) {
      const price = document.createElement("span");
      price.className = "hit-price";
      price.textContent = formatPrice(record.price, data.products.currency);
      li.appendChild(price);
    }
    return li;
  }

  function formatPrice(price, currency) {
    const cents = Math.round(price * 100);
    const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return currency + whole + "." + String(cents % 100).padStart(2, "0");
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
  });
  input.addEventListener("input", () => {
    // Performance marks: keystroke → rendered list, read by Benchmarks/search-page.py.
    if (window.performance && performance.mark) performance.mark("typeahead-keystroke");
    state.q = input.value;
    state.open = true;
    // The first keystroke after a search starts a new history entry; later ones replace it.
    writeHash(committed);
    committed = false;
    updateList(scheduleResults);
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
    } else if (event.key === "ArrowRight" && active >= 0 && options[active].kind !== "scope" &&
      input.selectionStart === input.value.length) {
      event.preventDefault();
      tapAhead(options[active].text);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active >= 0) choose(active);
      else submit();
    } else if (event.key === "Escape") {
      // First Escape closes the list (and must not clear the search field); the next one clears.
      if (input.getAttribute("aria-expanded") === "true") event.preventDefault();
      state.open = false;
      writeHash(false);
      render([]);
    } else if (event.key === "Backspace" && input.value === "" && state.scope) {
      state.scope = null;
      showToken();
      writeHash(true);
      updateList();
      updateResults();
    }
  });
  token.addEventListener("click", () => {
    state.scope = null;
    showToken();
    writeHash(true);
    updateResults();
    input.focus();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  function restore() {
    readHash();
    input.value = state.q;
    showToken();
    // The empty query's first page is already in the HTML: the client index loads only when needed.
    if (core.normalize(state.q) !== "" || state.scope || results.dataset.dynamic) updateResults();
    if (state.open) input.focus();
    else render([]);
  }
  window.addEventListener("popstate", restore);
  window.addEventListener("hashchange", restore);
  document.documentElement.classList.add("js");
  restore();
})();
