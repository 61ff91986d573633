// The search page: a WAI-ARIA combobox whose suggestions come from the precomputed prefix maps
// (shards loaded as classic scripts, so it works from file://), results from the client index, a
// scope token, recent searches, and the state in the URL hash. Plain DOM, no dependencies.
(function () {
  "use strict";
  const core = window.TypeaheadCore;
  const dataElement = document.getElementById("typeahead-data");
  const input = document.getElementById("typeahead-input");
  if (!core || !window.TypeaheadMaps || !dataElement || !input) return;
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

  function loadScript(src) {
    const script = document.createElement("script");
    script.src = root + src;
    document.head.appendChild(script);
  }

  const store = window.TypeaheadMaps.createStore(data, loadScript);
  window.typeaheadShard = store.register;

  function lazy(globalName, src, build) {
    let value = null;
    const waiting = [];
    window[globalName] = function () {
      value = build.apply(null, arguments);
      waiting.splice(0).forEach((callback) => callback(value));
    };
    return function (callback) {
      if (value) return callback(value);
      waiting.push(callback);
      if (waiting.length === 1) loadScript(src);
    };
  }

  const withProducts = lazy("typeaheadProducts", data.clientIndex, function (settings, rows) {
    const attributes = settings.searchableAttributes;
    const ranking = settings.customRanking.map((c) => ({ attribute: c, descending: c.startsWith("desc(") }));
    const records = rows.map((row) => ({
      objectID: row[0], slug: row[1], price: row[2], image: row[3], custom: row[4],
      values: Object.fromEntries(attributes.map((a, i) => [a, row[5 + i]])),
    }));
    const texts = (v) => (typeof v === "string" ? [v] : Array.isArray(v) ? v : []);
    const index = core.createIndex(
      records.map((r) => ({ objectID: r.objectID, texts: attributes.map((a) => texts(r.values[a])), customKey: r.custom })),
      ranking
    );
    return { records, index, settings };
  });

  const withSuggestions = lazy("typeaheadSuggestions", data.suggestionsIndex, function (rows) {
    const records = rows.map((row) => ({ objectID: row[0], query: row[1], popularity: row[2], facets: row[3] }));
    const index = core.createIndex(
      records.map((r) => ({ objectID: r.objectID, texts: [[r.query]], customKey: [r.popularity] })),
      [{ attribute: "popularity", descending: true }]
    );
    return { records, index };
  });

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
      // Not a key: answer with the same contract, in the page.
      withSuggestions(({ records, index }) => {
        const scope = state.scope && state.scope.scope;
        const allowed = scope ? (r) => (records[r].facets[scope.attribute] || []).includes(scope.value) : undefined;
        const ranked = core.search(index, text, { allowed }).ranked.slice(0, data.suggestionsPerKey);
        callback(ranked.map((r) => records[r.record].query));
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

  let ranked = [];
  let shown = 0;
  let lastResult = null;

  function updateResults() {
    const query = state.q;
    withProducts(({ records, index, settings }) => {
      if (state.q !== query) return;
      const scope = state.scope && state.scope.scope;
      const allowed = scope ? (r) => [].concat(records[r].values[scope.attribute] || []).includes(scope.value) : undefined;
      lastResult = core.search(index, query, { allowed });
      ranked = lastResult.ranked;
      shown = 0;
      results.innerHTML = "";
      results.dataset.dynamic = "1";
      status.textContent = ranked.length === 0 ? "No results" : ranked.length + " results";
      const heading = document.getElementById("results-heading");
      if (heading) heading.textContent = core.normalize(query) ? "Results for “" + query.trim() + "”" : "Most popular products";
      more(settings.hitsPerPage);
    });
  }

  function more(count) {
    withProducts(({ records, index, settings }) => {
      const end = Math.min(shown + (count || settings.hitsPerPage), ranked.length);
      for (; shown < end; shown++) {
        const number = ranked[shown].record;
        const record = records[number];
        const li = document.createElement("li");
        li.className = "hit";
        li.dataset.objectId = record.objectID;
        const a = document.createElement("a");
        a.className = "hit-link";
        a.href = root + "products/" + record.slug + "/index.html";
        if (record.image) {
          const img = document.createElement("img");
          img.className = "hit-image";
          img.src = record.image;
          img.alt = "";
          img.width = 80;
          img.height = 80;
          img.loading = "lazy";
          a.appendChild(img);
        }
        const name = document.createElement("span");
        name.className = "hit-name";
        name.innerHTML = core.highlight(index, String(record.values.name || ""), lastResult, number).value;
        a.appendChild(name);
        li.appendChild(a);
        if (record.price != null) {
          const price = document.createElement("span");
          price.className = "hit-price";
          price.textContent = formatPrice(record.price, settings.currency);
          li.appendChild(price);
        }
        results.appendChild(li);
      }
    });
  }

  function formatPrice(price, currency) {
    const cents = Math.round(price * 100);
    const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return currency + whole + "." + String(cents % 100).padStart(2, "0");
  }

  if ("IntersectionObserver" in window && sentinel) {
    new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && shown < ranked.length) more();
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
