// The search box's rules (typeahead-combobox.js), rule by rule, without a browser: the URL hash,
// the keys, the history entries, recent searches, the option groups and what is announced.
// Tests/Browser/test_search_page.py drives the same rules through the page in Chromium.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const combobox = require("../../Templates/assets/js/typeahead-combobox.js");

const phones = { id: "categories-cell-phones", scope: { attribute: "categories", value: "Cell Phones" } };
const odd = { id: "brand-odd", scope: { attribute: "brand", value: "A&B é #1" } };
const scopes = [phones, odd];
const state = (fields) => ({ ...combobox.initial(), ...fields });
const suggestion = (text) => combobox.option("suggestion", text, text);
const recentOption = (text) => combobox.option("recent", text, text);
const clear = combobox.option("clear", "", "Clear recent searches");
const scopeOption = combobox.option("scope", "Cell Phones", "Cell Phones", { scope: phones });
const list = [suggestion("iphone"), suggestion("iphone case"), recentOption("ipad")];
/** What the page would tell the rules: the box's text, the caret at its end, the list shown, the front page. */
const facts = (fields) => ({ value: "", caretAtEnd: true, expanded: true, options: list, front: true, ...fields });

/** An event's outcome, checked to use only the effects the page knows. */
function run(outcome) {
  for (const effect of outcome.effects) assert.ok(combobox.effects.includes(effect), `unknown effect ${effect}`);
  return outcome;
}
const key = (s, name, context) => run(combobox.key(s, name, context));

test("the box starts closed and empty, its last search committed", () => {
  assert.deepEqual(combobox.initial(), { q: "", scope: null, open: false, active: -1, committed: true, refine: "" });
});

test("refinements ride in the hash after the query, in their order, and a refinement is a step of history", () => {
  const state = combobox.readHash(combobox.initial(), "#q=iphone&f.brand=Apple&f.brand=AT%26T&price=%3A300&open=1&sort=x", []);
  assert.equal(state.q, "iphone");
  assert.equal(state.refine, "f.brand=Apple&f.brand=AT%26T&price=%3A300&sort=x");
  assert.equal(combobox.hashOf(state, false), "#q=iphone&f.brand=Apple&f.brand=AT%26T&price=%3A300&sort=x");
  const refined = combobox.refine(state, "f.brand=Apple");
  assert.deepEqual(refined.effects, ["push", "results"]);
  assert.equal(combobox.hashOf(refined.state, false), "#q=iphone&f.brand=Apple");
  // A hash with refinements only (the empty query) still searches.
  assert.ok(combobox.restore(combobox.initial(), { hash: "#f.brand=Apple", scopes: [], focused: false, drawn: false }).effects.includes("results"));
});

// MARK: The URL hash

test("the hash round trip keeps any text and scope: spaces, unicode, &, #, =, +, %", () => {
  const texts = ["", "iphone", "  iphone  case ", "café ñ 📱", "a&b", "#1", "q=x&scope=y", "1+1", "100%", "?", "e\u0301", "\u{1F4F1}\u{1F4F1}"];
  for (const q of texts) {
    for (const scope of [null, phones, odd]) {
      for (const open of [false, true]) {
        const s = state({ q, scope, open });
        const hash = combobox.hashOf(s, true);
        assert.deepEqual(combobox.readHash(combobox.initial(), hash, scopes), { ...combobox.initial(), q, scope, open }, hash);
        // Without `withOpen`, the list's state is not written.
        assert.equal(combobox.readHash(combobox.initial(), combobox.hashOf(s, false), scopes).open, false);
      }
    }
  }
});

test("the hash is encoded as the build's SiteLayout.searchHash encodes it", () => {
  // The same expectation as SiteBuilderTests (Swift).
  const brand = { id: "b", scope: { attribute: "brand", value: "A&B é" } };
  assert.equal(combobox.hashOf(state({ q: 'phone <&> "7"', scope: brand }), false), "#q=phone+%3C%26%3E+%227%22&scope=brand%3AA%26B+%C3%A9");
  assert.equal(combobox.hashOf(state({ q: "*-._~" }), false), "#q=*-._%7E");
  assert.equal(combobox.hashOf(state({}), true), "#");
  assert.equal(combobox.hashOf(state({ open: true }), true), "#open=1");
  assert.equal(combobox.hashOf(state({ q: "a", scope: phones, open: true }), true), "#q=a&scope=categories%3ACell+Phones&open=1");
  // And read back as the build writes it, with or without "#".
  assert.equal(combobox.readHash(combobox.initial(), "#q=galaxy", scopes).q, "galaxy");
  assert.equal(combobox.readHash(combobox.initial(), "q=caf%C3%A9+au+lait", scopes).q, "café au lait");
  assert.equal(combobox.readHash(combobox.initial(), "#q=a&scope=categories%3ACell+Phones", scopes).scope, phones);
});

test("reading a hash: an unknown scope is none, open only as 1, the rest of the state kept", () => {
  const before = state({ active: 2, committed: false, scope: phones, q: "x", open: true });
  const read = (hash) => combobox.readHash(before, hash, scopes);
  assert.deepEqual(read(""), { ...before, q: "", scope: null, open: false });
  assert.equal(read("#scope=categories%3ATV").scope, null);
  assert.equal(read("#scope=Cell+Phones").scope, null);
  assert.equal(read("#open=true").open, false);
  assert.equal(read("#open=1").open, true);
  assert.equal(read("#q=&open=1").q, "");
  assert.equal(read("#q=a&q=b").q, "a");
  assert.equal(read("#%E0%A4%A").q, ""); // a broken escape is no text
  assert.equal(read("#q=%E0%A4%A").q, "\uFFFD%A");
  assert.deepEqual([read("#q=1").active, read("#q=1").committed], [2, false]);
});

test("restore: the hash's state; results only for a search or once drawn; a focused box or open=1 shows the list", () => {
  const restore = (hash, fields) => run(combobox.restore(combobox.initial(), { hash, scopes, focused: false, drawn: false, ...fields }));
  assert.deepEqual(restore("", {}), { state: combobox.initial(), effects: ["value", "token", "close"] });
  assert.deepEqual(restore("#q=ip", {}).effects, ["value", "token", "results", "close"]);
  assert.deepEqual(restore("#q=+", {}).effects, ["value", "token", "close"]); // no words: the page's own first page
  assert.deepEqual(restore("#scope=categories%3ACell+Phones", {}).effects, ["value", "token", "results", "close"]);
  assert.deepEqual(restore("", { drawn: true }).effects, ["value", "token", "results", "close"]);
  assert.deepEqual(restore("#q=ip&open=1", {}), { state: state({ q: "ip", open: true }), effects: ["value", "token", "results", "focus", "list"] });
  assert.deepEqual(restore("#q=ip", { focused: true }), { state: state({ q: "ip", open: true }), effects: ["value", "token", "results", "list"] });
});

// MARK: Keys

test("↓ and ↑ open a closed list, then walk the options and wrap through the box (-1)", () => {
  assert.deepEqual(key(state({}), "ArrowDown", facts({ options: [] })), { state: state({ open: true }), effects: ["list"] });
  assert.deepEqual(key(state({}), "ArrowUp", facts()), { state: state({ open: true }), effects: ["list"] });
  assert.deepEqual(key(state({ open: true }), "ArrowDown", facts({ options: [] })), { state: state({ open: true }), effects: [] });
  const walk = (name, steps) => {
    const seen = [];
    let s = state({ open: true });
    for (let i = 0; i < steps; i++) {
      const outcome = key(s, name, facts());
      assert.deepEqual(outcome.effects, ["prevent", "highlight"]);
      s = outcome.state;
      seen.push(s.active);
    }
    return seen;
  };
  assert.deepEqual(walk("ArrowDown", 9), [0, 1, 2, -1, 0, 1, 2, -1, 0]);
  assert.deepEqual(walk("ArrowUp", 9), [2, 1, 0, -1, 2, 1, 0, -1, 2]);
  // From a stale active option past the end (a shorter list), ↓ goes back to the box.
  assert.equal(key(state({ open: true, active: 7 }), "ArrowDown", facts()).state.active, -1);
});

test("→ is tap-ahead only on an active suggestion or recent search, with the caret at the end", () => {
  const s = state({ q: "iph", open: true, active: 1, committed: false });
  assert.deepEqual(key(s, "ArrowRight", facts({ value: "iph" })), {
    state: { ...s, q: "iphone case " },
    effects: ["prevent", "value", "replace", "list", "results"],
  });
  assert.equal(key({ ...s, active: 2 }, "ArrowRight", facts({ value: "iph" })).state.q, "ipad ");
  const untouched = (outcome) => assert.deepEqual(outcome, { state: outcome.state, effects: [] });
  untouched(key({ ...s, active: -1 }, "ArrowRight", facts({ value: "iph" })));
  untouched(key(s, "ArrowRight", facts({ value: "iph", caretAtEnd: false })));
  untouched(key({ ...s, active: 0 }, "ArrowRight", facts({ options: [scopeOption, clear] })));
  untouched(key({ ...s, active: 1 }, "ArrowRight", facts({ options: [scopeOption, clear] })));
  untouched(key({ ...s, active: 0 }, "ArrowRight", facts({ options: [] })));
});

test("Enter chooses the active option, or searches the box's text", () => {
  const typed = state({ q: "iph", open: true, committed: false });
  // The text typed: its history entry, started by the first keystroke, is made final at once.
  assert.deepEqual(key(typed, "Enter", facts({ value: "iph" })), {
    state: { ...typed, open: false, committed: true },
    effects: ["prevent", "replace-now", "close", "search"],
  });
  assert.deepEqual(key({ ...typed, active: 1 }, "Enter", facts({ value: "iph" })), {
    state: { ...typed, active: 1, q: "iphone case", open: false, committed: true },
    effects: ["prevent", "value", "replace-now", "close", "search"],
  });
  // A scope narrows and keeps the text; a clear forgets the recent searches.
  assert.deepEqual(key({ ...typed, active: 0 }, "Enter", facts({ options: [scopeOption, clear] })), {
    state: { ...typed, active: 0, scope: phones },
    effects: ["prevent", "token", "push", "list", "results", "focus"],
  });
  assert.deepEqual(key({ ...typed, active: 1 }, "Enter", facts({ options: [scopeOption, clear] })), {
    state: { ...typed, active: 1 },
    effects: ["prevent", "forget-recent", "list"],
  });
  // On another page, the search opens the front page (which keeps its own history).
  assert.deepEqual(key({ ...typed, active: 0 }, "Enter", facts({ front: false })), {
    state: { ...typed, active: 0, q: "iphone", open: false },
    effects: ["prevent", "value", "front"],
  });
  assert.deepEqual(key(typed, "Enter", facts({ value: "iph", front: false })).effects, ["prevent", "front"]);
});

test("the first Escape closes the list, the second clears the box, a third does nothing more", () => {
  let s = state({ q: "ip", open: true, committed: false });
  const first = key(s, "Escape", facts({ value: "ip", expanded: true }));
  assert.deepEqual(first, { state: { ...s, open: false }, effects: ["prevent", "replace", "close"] });
  s = first.state;
  const second = key(s, "Escape", facts({ value: "ip", expanded: false }));
  assert.deepEqual(second, { state: { ...s, q: "" }, effects: ["prevent", "value", "replace", "results"] });
  s = second.state;
  assert.deepEqual(key(s, "Escape", facts({ value: "", expanded: false })), { state: s, effects: ["prevent"] });
  // An open list with nothing in it is not shown: Escape clears the box at once.
  assert.deepEqual(key(state({ q: "zz", open: true }), "Escape", facts({ value: "zz", expanded: false })).effects, ["prevent", "value", "push", "results"]);
  // After a search, the clearing starts the next search's entry: what is typed next replaces it.
  const searched = key(state({ q: "iphone", committed: true }), "Escape", facts({ value: "iphone", expanded: false }));
  assert.deepEqual(searched.effects, ["prevent", "value", "push", "results"]);
  assert.deepEqual(combobox.input(searched.state, "s").effects, ["replace", "list-results"]);
});

test("Backspace removes the scope token only when the box is empty", () => {
  const scoped = state({ scope: phones, open: true });
  assert.deepEqual(key(scoped, "Backspace", facts({ value: "" })), { state: { ...scoped, scope: null }, effects: ["token", "push", "list", "results"] });
  assert.deepEqual(key({ ...scoped, q: "a" }, "Backspace", facts({ value: "a" })).effects, []);
  assert.deepEqual(key({ ...scoped, q: " " }, "Backspace", facts({ value: " " })).effects, []);
  assert.deepEqual(key(state({}), "Backspace", facts({ value: "" })).effects, []);
});

test("other keys change nothing", () => {
  const s = state({ q: "a", open: true, active: 1 });
  for (const name of ["a", "ArrowLeft", "Tab", "Shift", "Home", "End", "Delete", "PageDown", " "]) assert.deepEqual(key(s, name, facts({ value: "a" })), { state: s, effects: [] });
});

// MARK: History entries and the other events

test("the first keystroke after a search pushes a history entry, later ones replace it", () => {
  let s = combobox.initial();
  const effectsOf = (outcome) => {
    s = run(outcome).state;
    return outcome.effects;
  };
  assert.deepEqual(effectsOf(combobox.input(s, "i")), ["push", "list-results"]);
  assert.deepEqual(s, state({ q: "i", open: true, committed: false }));
  assert.deepEqual(effectsOf(combobox.input(s, "ip")), ["replace", "list-results"]);
  assert.deepEqual(effectsOf(combobox.input(s, "iph")), ["replace", "list-results"]);
  assert.deepEqual(effectsOf(combobox.submit(s, "iph", facts())), ["replace-now", "close", "search"]);
  assert.equal(s.committed, true);
  // Searched again without typing: an entry of its own.
  assert.deepEqual(effectsOf(combobox.submit(s, "iph", facts())), ["push", "close", "search"]);
  assert.deepEqual(effectsOf(combobox.input(s, "iphone")), ["push", "list-results"]);
  // Tap-ahead is typing: it pushes after a search, replaces after a keystroke.
  assert.deepEqual(effectsOf(combobox.submit(s, "iphone", facts())), ["replace-now", "close", "search"]);
  assert.deepEqual(effectsOf(combobox.tapAhead(s, "iphone case")), ["value", "push", "list", "results"]);
  assert.equal(s.committed, false);
  assert.deepEqual(effectsOf(combobox.tapAhead(s, "iphone case red")), ["value", "replace", "list", "results"]);
  assert.equal(s.q, "iphone case red ");
  // A scope pushes an entry of its own, and leaves the rule as it was; Escape's clearing starts
  // the next search's entry (one search, one step back).
  const scoped = run(combobox.choose(s, scopeOption, facts()));
  assert.deepEqual([scoped.effects.includes("push"), scoped.state.committed], [true, false]);
  const cleared = key(state({ q: "a", committed: true }), "Escape", facts({ value: "a", expanded: false }));
  assert.deepEqual([cleared.effects.includes("push"), cleared.state.committed], [true, false]);
});

test("focus and a click open the list, a blur closes it; the token and 'Search all products' remove the scope", () => {
  assert.deepEqual(run(combobox.focus(state({}))), { state: state({ open: true }), effects: ["replace", "list"] });
  assert.deepEqual(run(combobox.click(state({}))), { state: state({ open: true }), effects: ["replace", "list"] });
  assert.deepEqual(run(combobox.click(state({ open: true }))), { state: state({ open: true }), effects: [] });
  assert.deepEqual(run(combobox.blur(state({ open: true, q: "a" }))), { state: state({ q: "a" }), effects: ["replace", "close"] });
  assert.deepEqual(run(combobox.clickToken(state({ scope: phones, q: "a" }))), { state: state({ q: "a" }), effects: ["token", "push", "results", "focus"] });
  assert.deepEqual(run(combobox.searchEverywhere(state({ scope: phones, q: "zz" }))), { state: state({ q: "zz" }), effects: ["token", "push", "search"] });
  // A popular search offered by the empty state: in the box, and searched.
  assert.deepEqual(run(combobox.searchFor(state({ q: "zz", committed: false }), "iphone", facts())), {
    state: state({ q: "iphone", committed: true }),
    effects: ["value", "replace-now", "close", "search"],
  });
  // A missing option (a click on a list redrawn meanwhile) does nothing.
  assert.deepEqual(run(combobox.choose(state({}), undefined, facts())), { state: state({}), effects: [] });
});

// MARK: Recent searches

test("recent searches are read defensively from whatever storage holds", () => {
  const cases = [
    [null, []],
    [undefined, []],
    ["", []],
    ["null", []],
    ["{}", []],
    ['{"length": 2, "0": "a"}', []],
    ['"iphone"', []],
    ["42", []],
    ["not json", []],
    ["[", []],
    ['[1, null, {}, ["a"], true, "ok"]', ["ok"]],
    ['["a", "b", "c", "d", "e", "f", "g"]', ["a", "b", "c", "d", "e"]],
    ['["<img src=x onerror=alert(1)>"]', ["<img src=x onerror=alert(1)>"]],
    ['["__proto__", "constructor"]', ["__proto__", "constructor"]],
  ];
  for (const [raw, want] of cases) assert.deepEqual(combobox.parseRecent(raw), want, String(raw));
  // A hostile one is shown as text.
  const [group] = combobox.emptyGroups(combobox.parseRecent('["<img src=x onerror=alert(1)>"]'), [], null, []);
  assert.equal(group.options[0].html, "&lt;img src=x onerror=alert(1)&gt;");
});

test("a search is remembered trimmed, its spaces collapsed, once, newest first, at most five", () => {
  assert.deepEqual(combobox.remember([], "  iphone \t\n case  "), ["iphone case"]);
  assert.deepEqual(combobox.remember(["a", "iphone case", "b"], "iphone   case"), ["iphone case", "a", "b"]);
  assert.deepEqual(combobox.remember(["a", "b", "c", "d", "e"], "f"), ["f", "a", "b", "c", "d"]);
  assert.deepEqual(combobox.remember(["a", "b", "c", "d", "e"], "c"), ["c", "a", "b", "d", "e"]);
  // Different only in case: two searches, as typed.
  assert.deepEqual(combobox.remember(["iPhone"], "iphone"), ["iphone", "iPhone"]);
  // Nothing worth keeping: no words, or longer than 64 (counted after collapsing).
  for (const query of ["", "   ", "!!!", "™ ©", "-"]) assert.equal(combobox.remember(["a"], query), null, query);
  assert.deepEqual(combobox.remember([], "x".repeat(64)), ["x".repeat(64)]);
  assert.equal(combobox.remember([], "x".repeat(65)), null);
  assert.deepEqual(combobox.remember([], "a" + " ".repeat(100) + "b"), ["a b"]);
  // The list given is not changed.
  const list = ["a"];
  combobox.remember(list, "b");
  assert.deepEqual(list, ["a"]);
});

// MARK: The list

test("an empty box lists recent searches and Clear, popular ones not recent, and the scopes when there is none", () => {
  const labels = (groups) => groups.map((g) => g.label);
  const texts = (group) => group.options.map((o) => [o.kind, o.text]);
  const all = combobox.emptyGroups(["samsung", "iphone"], ["google", "iphone", "samsung", "ipad"], null, scopes);
  assert.deepEqual(labels(all), ["Recent searches", "Search in", "Popular"]);
  assert.deepEqual(texts(all[0]), [["recent", "samsung"], ["recent", "iphone"], ["clear", ""]]);
  assert.equal(all[0].options[2].html, "Clear recent searches");
  assert.deepEqual(texts(all[2]), [["suggestion", "google"], ["suggestion", "ipad"]]);
  assert.deepEqual(texts(all[1]), [["scope", "Cell Phones"], ["scope", "A&B é #1"]]);
  assert.equal(all[1].options[1].scope, odd);
  assert.equal(all[1].options[1].html, "A&amp;B é #1");
  // With a scope: no "Search in". Without recent searches: no group for them (nor Clear).
  assert.deepEqual(labels(combobox.emptyGroups(["iphone"], ["iphone", "google"], phones, scopes)), ["Recent searches", "Popular"]);
  assert.deepEqual(labels(combobox.emptyGroups([], ["iphone"], null, scopes)), ["Search in", "Popular"]);
  assert.deepEqual(labels(combobox.emptyGroups([], ["iphone"], phones, scopes)), ["Popular"]);
  assert.deepEqual(labels(combobox.emptyGroups([], ["iphone"], null, [])), ["Popular"]);
  // Every popular search recent: no Popular group. Nothing at all: no group.
  assert.deepEqual(labels(combobox.emptyGroups(["iphone"], ["iphone"], phones, scopes)), ["Recent searches"]);
  assert.deepEqual(combobox.emptyGroups([], [], null, []), []);
  // Popular texts are escaped too.
  assert.equal(combobox.emptyGroups([], ["<b>"], null, [])[0].options[0].html, "&lt;b&gt;");
});

test("a typed text lists its suggestions, the part not typed emphasised", () => {
  const [group] = combobox.typedGroups(["iphone case", "<iphone>"], "iph");
  assert.equal(group.label, "Suggestions");
  assert.deepEqual(group.options.map((o) => [o.kind, o.text, o.html]), [
    ["suggestion", "iphone case", "iph<em>one case</em>"],
    ["suggestion", "<iphone>", "&lt;iph<em>one&gt;</em>"],
  ]);
  assert.deepEqual(combobox.typedGroups([], "zzz"), []);
});

test("a typed text lists, as Autocomplete does, its suggestions, the scopes it starts, then its first products", () => {
  const accessories = { id: "accessories", scope: { attribute: "categories", value: "Cell Phone Accessories" } };
  const all = [phones, accessories, odd];
  const product = { record: { name: "iPhone 7", slug: "p1" }, html: "<em>iPh</em>one 7", href: "products/p1.html" };
  const groups = combobox.typedGroups(["cell phones"], "cell", all, null, [product]);
  assert.deepEqual(groups.map((g) => g.label), ["Suggestions", "Search in", "Products"]);
  assert.deepEqual(groups[1].options.map((o) => [o.kind, o.text]), [["scope", "Cell Phones"], ["scope", "Cell Phone Accessories"]]);
  assert.equal(groups[1].options[0].scope, phones);
  assert.deepEqual(groups[2].options.map((o) => [o.kind, o.text, o.html, o.href]), [["product", "iPhone 7", "<em>iPh</em>one 7", "products/p1.html"]]);
  // Every typed word starts a word of the name; a scope chosen already offers none; names are escaped.
  assert.deepEqual(combobox.matchingScopes("cell acc", all), [accessories]);
  assert.deepEqual(combobox.matchingScopes("phones cell", all), [phones]);
  assert.deepEqual(combobox.matchingScopes("c", all), []);
  assert.deepEqual(combobox.matchingScopes("a&b", all), [odd]);
  assert.equal(combobox.typedGroups([], "a&b", all, null, [])[0].options[0].html, "A&amp;B é #1");
  assert.deepEqual(combobox.typedGroups([], "cell", all, phones, null), []);
  // Enter or a click on a product opens its page; the search stays in the hash for the way back.
  const chosen = combobox.choose(state({ q: "iph", open: true, active: 2 }), groups[2].options[0], facts());
  assert.deepEqual(chosen.effects, ["replace-now", "close", "go"]);
  assert.deepEqual([chosen.state.go, chosen.state.open, chosen.state.q], ["products/p1.html", false, "iph"]);
  // A product is not tap-ahead: → leaves it alone.
  assert.deepEqual(key(state({ q: "iph", open: true, active: 0 }), "ArrowRight", facts({ value: "iph", options: groups[2].options })).effects, []);
  assert.equal(
    combobox.announcement(true, groups[0].options.concat(groups[2].options), "cell"),
    "1 suggestion and 1 product, use the arrow keys to choose"
  );
  assert.equal(combobox.announcement(true, groups[2].options, "zz"), "1 product, use the arrow keys to choose");
});

test("the announcement counts suggestions and recent searches, or says there are none for a text", () => {
  assert.equal(combobox.announcement(false, list, "ip"), "");
  assert.equal(combobox.announcement(true, list, "ip"), "3 suggestions, use the arrow keys to choose");
  assert.equal(combobox.announcement(true, [suggestion("iphone"), clear, scopeOption], ""), "1 suggestion, use the arrow keys to choose");
  assert.equal(combobox.announcement(true, [scopeOption], ""), "");
  assert.equal(combobox.announcement(true, [], "zz"), "No suggestions");
  assert.equal(combobox.announcement(true, [], " !? "), "");
});

// MARK: Results

test("what a search's results say: status, heading, announcement, empty state and the way back", () => {
  assert.deepEqual(combobox.describe(state({}), 20), {
    searching: false,
    status: "20 results",
    heading: "Most popular products",
    announcement: "20 results",
    searched: null,
    wayBack: null,
  });
  assert.deepEqual(combobox.describe(state({ q: " iphone " }), 1234), {
    searching: true,
    status: "1,234 results",
    heading: "Results for “iphone”",
    announcement: "1,234 results for iphone",
    searched: null,
    wayBack: { q: "iphone", scope: null, hash: "#q=+iphone+" },
  });
  const one = combobox.describe(state({ q: "iphone", scope: phones, open: true }), 1);
  assert.deepEqual([one.status, one.heading, one.announcement], ["1 result", "Results for “iphone” in Cell Phones", "1 result for iphone in Cell Phones"]);
  assert.deepEqual(one.wayBack, { q: "iphone", scope: "Cell Phones", hash: "#q=iphone&scope=categories%3ACell+Phones" });
  const none = combobox.describe(state({ q: "zzz", scope: phones }), 0);
  assert.deepEqual([none.status, none.searched, none.wayBack], ["No results", "zzz in Cell Phones", null]);
  const scopeOnly = combobox.describe(state({ scope: phones }), 0);
  assert.deepEqual([scopeOnly.searching, scopeOnly.heading, scopeOnly.searched], [true, "All products in Cell Phones", "these words in Cell Phones"]);
  // A text without words searches nothing: the most popular products show.
  assert.deepEqual(combobox.describe(state({ q: "!!" }), 3).heading, "Most popular products");
});

test("the way back is read defensively from session storage", () => {
  const search = { q: "iphone", scope: "Cell Phones", hash: "#q=iphone" };
  assert.deepEqual(combobox.parseWayBack(JSON.stringify(search)), search);
  for (const raw of [null, "", "null", "0", '"x"', "[]", '{"q": 1, "hash": "#"}', '{"q": "a"}', '{"hash": "#"}', "{", "undefined"]) {
    assert.equal(combobox.parseWayBack(raw), null, String(raw));
  }
  assert.equal(combobox.wayBackLabel(search), "← Results for “iphone” in Cell Phones");
  assert.equal(combobox.wayBackLabel({ q: "iphone", scope: null, hash: "#q=iphone" }), "← Results for “iphone”");
  // Only the page the search opened links back to it.
  const opened = JSON.stringify({ ...search, to: "/site/products/otterbox-case.html" });
  assert.deepEqual(combobox.wayBackTo(opened, "/site/products/otterbox-case.html"), { ...search, to: "/site/products/otterbox-case.html" });
  assert.equal(combobox.wayBackTo(opened, "/site/products/speck-case.html"), null);
  assert.equal(combobox.wayBackTo(JSON.stringify(search), "/site/products/otterbox-case.html"), null);
  assert.equal(combobox.wayBackTo(JSON.stringify({ ...search, to: 7 }), "7"), null);
});
