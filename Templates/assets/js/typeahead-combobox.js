// The search box's rules, without the DOM: the state in the URL hash (q, scope, open), what each
// key does, recent searches, the option groups, what is announced, and when a search gets a
// history entry of its own. An event is a function from the state (and what the page knows) to a
// new state and the effects the page carries out, in order (see `effects`). A classic script in
// the page (window.TypeaheadCombobox) and a CommonJS module under `node --test`.
(function (root, factory) {
  "use strict";
  const combobox = factory(typeof require === "function" && typeof module === "object" ? require("./typeahead-core.js") : root.TypeaheadCore);
  if (typeof module === "object" && module.exports) module.exports = combobox;
  else root.TypeaheadCombobox = combobox;
})(typeof self !== "undefined" ? self : this, function (core) {
  "use strict";

  /**
   * What the page does for an event, in the order given; each reads the new state.
   * - prevent: the key's own action is prevented.
   * - value: the box shows `q`. token: the scope token shows `scope`.
   * - push: the hash gets a history entry of its own, at once. replace: the hash replaces the
   *   current entry once typing pauses. replace-now: the same, at once.
   * - list: the list is drawn again for the box's text. list-results: the list, then the results
   *   once it has painted (a keystroke). close: the list is emptied and closed. highlight: the
   *   active option is marked.
   * - results: the results show the search (front page). search: the same, and the search is
   *   remembered if it finds something. front: the front page opens with the search (other pages).
   * - forget-recent: the recent searches are cleared. focus: the box gets the focus.
   * - go: the page at the state's `go` opens (a product chosen in the list).
   */
  const effects = ["prevent", "value", "token", "push", "replace", "replace-now", "list", "list-results", "close", "highlight", "results", "search", "front", "forget-recent", "focus", "go"];

  /**
   * The box before any event: its text `q`, its `scope` (a scoped map of the site data, or null),
   * whether the list is `open`, the `active` option (-1: none), and whether the last search is
   * `committed` (has its own history entry: the next keystroke starts a new one).
   */
  function initial() {
    return { q: "", scope: null, open: false, active: -1, committed: true, refine: "" };
  }

  /** `{state, effects}`: an event's outcome. */
  const step = (state, list) => ({ state, effects: list });

  /** An outcome with `first` carried out before the effects of `then`. */
  const after = (first, then) => step(then.state, first.concat(then.effects));

  // MARK: The URL hash

  /** A scope's name in the hash (and in `SiteLayout.searchHash`): `attribute:value`. */
  const scopeName = (map) => `${map.scope.attribute}:${map.scope.value}`;

  /**
   * The state a hash says (`#q=…&scope=…&open=1`): its scope is one of `scopes` (the scoped maps),
   * or none. Every other parameter is a refinement (the panel's, TypeaheadPanel), kept in order as
   * `refine`, the box's rules do not read it.
   */
  function readHash(state, hash, scopes) {
    const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
    const scope = params.get("scope");
    const refine = new URLSearchParams();
    for (const [name, value] of params) if (name !== "q" && name !== "scope" && name !== "open") refine.append(name, value);
    return {
      ...state,
      q: params.get("q") || "",
      scope: scopes.find((m) => scopeName(m) === scope) || null,
      open: params.get("open") === "1",
      refine: refine.toString(),
    };
  }

  /** The hash of a state, encoded as URLSearchParams (and `SiteLayout.searchHash`) encode it; `open=1` only `withOpen`. */
  function hashOf(state, withOpen) {
    const params = new URLSearchParams();
    if (state.q) params.set("q", state.q);
    if (state.scope) params.set("scope", scopeName(state.scope));
    if (withOpen && state.open) params.set("open", "1");
    for (const [name, value] of new URLSearchParams(state.refine || "")) params.append(name, value);
    return "#" + params.toString();
  }

  /**
   * The hash changed (the page opened, Back, Forward, a new hash), on the front page. `context`:
   * `hash`, `scopes`, `focused` (the box has the focus) and `drawn` (the page drew results).
   */
  function restore(state, context) {
    let next = readHash(state, context.hash, context.scopes);
    const list = ["value", "token"];
    // The empty query's first page is already in the HTML: the client index loads only when needed.
    if (core.normalize(next.q) !== "" || next.scope || next.refine || context.drawn) list.push("results");
    // A list open in the box shows what the box now says (after Back, Forward or a new hash).
    if (context.focused) next = { ...next, open: true };
    if (!next.open) return step(next, list.concat(["close"]));
    return step(next, list.concat(context.focused ? ["list"] : ["focus", "list"]));
  }

  // MARK: Events

  /** The hash write of a change to the text: the first after a search starts a history entry, later ones replace it. */
  const entry = (state) => (state.committed ? "push" : "replace");

  /** A keystroke changed the box's text to `value`. */
  function input(state, value) {
    return step({ ...state, q: value, open: true, committed: false }, [entry(state), "list-results"]);
  }

  /** The box got the focus: the list opens. */
  function focus(state) {
    return step({ ...state, open: true }, ["replace", "list"]);
  }

  /** A click in the box reopens a list closed by Escape or a search, as a focus opens it. */
  function click(state) {
    return state.open ? step(state, []) : focus(state);
  }

  /** The box lost the focus: the list closes. */
  function blur(state) {
    return step({ ...state, open: false }, ["replace", "close"]);
  }

  /** Whether an option can fill the box (tap-ahead): a suggestion or a recent search. */
  const fills = (option) => !!option && (option.kind === "suggestion" || option.kind === "recent");

  /**
   * A key pressed in the box (`name` as KeyboardEvent.key gives it). `context`: `value` (the box's
   * text), `caretAtEnd`, `expanded` (the list is shown), `options` (the list's, in order) and
   * `front` (this is the front page).
   */
  function key(state, name, context) {
    const options = context.options;
    const active = state.active;
    if (name === "ArrowDown" || name === "ArrowUp") {
      if (!state.open) return step({ ...state, open: true }, ["list"]);
      if (options.length === 0) return step(state, []);
      // Down from the last option and up from the first go back to the box (-1), then round.
      const next = active + (name === "ArrowDown" ? 1 : -1);
      return step({ ...state, active: next < -1 ? options.length - 1 : next >= options.length ? -1 : next }, ["prevent", "highlight"]);
    }
    if (name === "ArrowRight" && active >= 0 && fills(options[active]) && context.caretAtEnd) {
      return after(["prevent"], tapAhead(state, options[active].text));
    }
    if (name === "Enter") {
      return after(["prevent"], active >= 0 ? choose(state, options[active], context) : submit(state, context.value, context));
    }
    if (name === "Escape") {
      // The first Escape closes the list; the next one clears the box (and leaves the list closed).
      // Clearing starts the next search's history entry, as a first keystroke does: what is typed
      // next replaces it, so one search is one step back, not two.
      if (context.expanded) return step({ ...state, open: false }, ["prevent", "replace", "close"]);
      if (context.value !== "") return step({ ...state, q: "", committed: false }, ["prevent", "value", entry(state), "results"]);
      return step(state, ["prevent"]);
    }
    if (name === "Backspace" && context.value === "" && state.scope) {
      return step({ ...state, scope: null }, ["token", "push", "list", "results"]);
    }
    return step(state, []);
  }

  /** An option chosen (Enter or a click): a search, or a scope, or the recent searches cleared. */
  function choose(state, option, context) {
    if (!option) return step(state, []);
    if (option.kind === "clear") return step(state, ["forget-recent", "list"]);
    if (option.kind === "scope") return step({ ...state, scope: option.scope }, ["token", "push", "list", "results", "focus"]);
    // A product: its page opens (the search stays in the hash, for the way back).
    if (option.kind === "product") return step({ ...state, open: false, go: option.href }, ["replace-now", "close", "go"]);
    return searchFor(state, option.text, context);
  }

  /** Tap-ahead: the box says `text` and a space, to go on typing; nothing is searched for good. */
  function tapAhead(state, text) {
    return step({ ...state, q: text + " ", committed: false }, ["value", entry(state), "list", "results"]);
  }

  /** A search for `text`, put in the box (a suggestion, a popular search). */
  function searchFor(state, text, context) {
    return after(["value"], submit(state, text, context));
  }

  /**
   * The box's text `value` searched (Enter, the form). On the front page, typing already started
   * the search's history entry (made final at once); otherwise it gets a new one.
   */
  function submit(state, value, context) {
    const next = { ...state, q: value, open: false };
    if (!context.front) return step(next, ["front"]);
    return step({ ...next, committed: true }, [state.committed ? "push" : "replace-now", "close", "search"]);
  }

  /** The scope token clicked: the scope is removed. */
  function clickToken(state) {
    return step({ ...state, scope: null }, ["token", "push", "results", "focus"]);
  }

  /** "Search all products" (a scoped search that found nothing): the scope is removed and the text searched. */
  /** The panel changed the refinements (a filter, a range, the sort order): a step of history. */
  function refine(state, text) {
    return step({ ...state, refine: text, committed: true }, ["push", "results"]);
  }

  function searchEverywhere(state) {
    return step({ ...state, scope: null }, ["token", "push", "search"]);
  }

  // MARK: Recent searches (only searches that found something)

  /** The most recent searches kept, and the longest text kept (in UTF-16 units). */
  const recentMax = 5;
  const recentLength = 64;

  /** The recent searches as storage holds them (JSON), read defensively: its strings, at most five; anything else is none. */
  function parseRecent(raw) {
    try {
      const list = JSON.parse(raw || "[]");
      return Array.isArray(list) ? list.filter((q) => typeof q === "string").slice(0, recentMax) : [];
    } catch {
      return [];
    }
  }

  /**
   * `list` with `query` first (trimmed, its spaces collapsed) and not again, at most five; null
   * when it is not kept (no words, or longer than 64).
   */
  function remember(list, query) {
    const text = query.trim().replace(/\s+/g, " ");
    if (!core.normalize(text) || text.length > recentLength) return null;
    return [text].concat(list.filter((q) => q !== text)).slice(0, recentMax);
  }

  // MARK: The list

  /** An option: its kind (suggestion, recent, clear, scope), the text it puts in the box, its label's HTML. */
  function option(kind, text, html, extra) {
    return Object.assign({ kind, text, html }, extra || {});
  }

  /**
   * The groups of an empty box: the recent searches (and a way to clear them), the `scopes` to
   * search in when the box has no `scope`, then the `popular` queries not among the recent ones.
   * The scopes come before the popular searches, so that they are in sight with five recent ones.
   */
  function emptyGroups(recent, popular, scope, scopes) {
    const groups = [];
    if (recent.length) {
      groups.push({
        label: "Recent searches",
        options: recent.map((q) => option("recent", q, core.escapeHTML(q))).concat([option("clear", "", "Clear recent searches")]),
      });
    }
    if (!scope && scopes.length) {
      groups.push({ label: "Search in", options: scopes.map((s) => option("scope", s.scope.value, core.escapeHTML(s.scope.value), { scope: s })) });
    }
    const fresh = popular.filter((q) => !recent.includes(q));
    if (fresh.length) groups.push({ label: "Popular", options: fresh.map((q) => option("suggestion", q, core.escapeHTML(q))) });
    return groups;
  }

  /**
   * The groups of a typed `text`, as Autocomplete's panel has them: its suggestions (what is not
   * typed yet emphasised), then the `scopes` whose name the text starts (when the box has no
   * `scope`: "cell" offers Cell Phones and Cell Phone Accessories), then the first `products`
   * (`{record, html, href}`, the page's; none until their rows are there).
   */
  function typedGroups(queries, text, scopes, scope, products) {
    const groups = queries.length ? [{ label: "Suggestions", options: queries.map((q) => option("suggestion", q, core.reverseHighlight(q, text))) }] : [];
    const matching = scope ? [] : matchingScopes(text, scopes || []);
    if (matching.length) {
      groups.push({ label: "Search in", options: matching.map((s) => option("scope", s.scope.value, core.escapeHTML(s.scope.value), { scope: s })) });
    }
    if (products && products.length) {
      groups.push({ label: "Products", options: products.map((p) => option("product", p.record.name, p.html, { href: p.href, record: p.record })) });
    }
    return groups;
  }

  /**
   * The scopes whose name `text` starts: each of the text's words begins a word of the scope's
   * name (a word of two letters or more, or the last one as typed), in the scopes' order.
   */
  function matchingScopes(text, scopes) {
    const typed = core.words(text);
    if (typed.length === 0 || typed.join("").length < 2) return [];
    return scopes.filter((s) => {
      const name = core.words(s.scope.value);
      return typed.every((w) => name.some((n) => n.startsWith(w)));
    });
  }

  /** What the live region says of a list drawn for the box's `value`: the count of suggestions (and products), or that there are none. */
  function announcement(open, options, value) {
    if (!open) return "";
    const count = options.filter(fills).length;
    const products = options.filter((o) => o.kind === "product").length;
    if (count === 0 && products === 0) return core.normalize(value) ? "No suggestions" : "";
    const said = [];
    if (count > 0 || products === 0) said.push(count + (count === 1 ? " suggestion" : " suggestions"));
    if (products > 0) said.push(products + (products === 1 ? " product" : " products"));
    return said.join(" and ") + ", use the arrow keys to choose";
  }

  // MARK: Results

  /**
   * What the results of the state's search say, found `nbHits`: whether it is a search (a text or
   * a scope; otherwise the most popular products show), the status, the heading, what is
   * announced once typing pauses, what the empty state says was searched (null: something was
   * found), and the search the other pages link back to (null: none).
   */
  function describe(state, nbHits) {
    const searching = core.normalize(state.q) !== "" || !!state.scope;
    const words = state.q.trim();
    const where = state.scope ? " in " + state.scope.scope.value : "";
    const status = nbHits === 0 ? "No results" : core.groupDigits(nbHits) + (nbHits === 1 ? " result" : " results");
    return {
      searching,
      status,
      heading: searching ? (words ? "Results for “" + words + "”" : "All products") + where : "Most popular products",
      announcement: status + (words ? " for " + words : "") + where,
      searched: nbHits === 0 ? (words || "these words") + where : null,
      wayBack: searching && nbHits > 0 ? { q: words, scope: state.scope ? state.scope.scope.value : null, hash: hashOf(state, false) } : null,
    };
  }

  /**
   * What the results say when no product matched every word and words were made optional
   * (`removeWordsIfNoResults`): the text searched and the words the results are for, without those
   * the first result does not match (`dropped`, from the answer); null when none was dropped or
   * nothing was found. Plain text: the page sets it as `textContent`, never as HTML.
   */
  function removalNote(value, words, dropped, nbHits) {
    if (!dropped || nbHits === 0 || !dropped.some(Boolean)) return null;
    const kept = words.filter((_, i) => !dropped[i]);
    if (kept.length === 0) return null;
    return "No results for “" + value.trim() + "”; showing results for “" + kept.join(" ") + "”";
  }

  /** The search a page links back to, as session storage holds it (JSON `{q, scope, hash}`), or null. */
  function parseWayBack(raw) {
    try {
      const search = JSON.parse(raw || "null");
      return search && typeof search.q === "string" && typeof search.hash === "string" ? search : null;
    } catch {
      return null;
    }
  }

  /**
   * The search the page at `path` links back to: the one stored when a result was opened
   * (`{q, scope, hash, to}`, `to` the path of the page it opened), when it opened this page; null
   * on a page reached any other way (a link on a product page, a bookmark, another search's result).
   */
  function wayBackTo(raw, path) {
    const search = parseWayBack(raw);
    return search && typeof search.to === "string" && search.to === path ? search : null;
  }

  /** The way-back link's text. */
  function wayBackLabel(search) {
    return "← Results for “" + search.q + "”" + (search.scope ? " in " + search.scope : "");
  }

  return {
    effects,
    initial,
    refine,
    scopeName,
    readHash,
    hashOf,
    restore,
    input,
    focus,
    click,
    blur,
    key,
    choose,
    tapAhead,
    searchFor,
    submit,
    clickToken,
    searchEverywhere,
    parseRecent,
    remember,
    option,
    emptyGroups,
    typedGroups,
    matchingScopes,
    announcement,
    describe,
    removalNote,
    parseWayBack,
    wayBackTo,
    wayBackLabel,
  };
});
