// Prefix-map lookups against the golden fixture site (Tests/EndToEndTests/Golden/small-site, which
// the Swift tests prove is what `typeahead build` writes): every key of every map is found through
// the manifest and a shard loaded like a classic script, and equals the JavaScript engine's answer.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const core = require("../../Templates/assets/js/typeahead-core.js");
const maps = require("../../Templates/assets/js/typeahead-maps.js");
const { createLoader } = require("../../Templates/assets/js/typeahead-index.js");

const root = path.join(__dirname, "..", "..");
// Values made in the vm context are arrays of another realm: compare them as plain JSON.
const plain = (x) => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));
const site = path.join(root, "Tests", "EndToEndTests", "Golden", "small-site");
const contentDir = path.join(root, "Tests", "EndToEndTests", "Fixtures", "small", "Content");
// data/site.js is `window.TypeaheadSiteData = {…};`: run it as the page does.
const siteContext = vm.createContext({ window: {} });
vm.runInContext(fs.readFileSync(path.join(site, "data", "site.js"), "utf8"), siteContext);
const data = plain(siteContext.window.TypeaheadSiteData);
/** The paths the site data gives the page (SiteLayout's), for the made-up stores below. */
const layout = data.layout;

function storeWithLoader() {
  const loaded = [];
  const loader = createLoader((src) => {
    loaded.push(src);
    const context = vm.createContext({
      typeaheadShard: (name, queries, lines) => store.register(name, queries, lines),
      typeaheadManifest: (name, entries) => store.registerPage(name, plain(entries)),
    });
    vm.runInContext(fs.readFileSync(path.join(site, src), "utf8"), context);
  });
  const store = maps.createStore(data, loader);
  return { store, loaded };
}

/** Every shard of a map, `[firstKey, file]`, read from its manifest pages. */
function manifestOf(map) {
  const entries = [];
  for (const [, file] of map.pages) {
    vm.runInContext(fs.readFileSync(path.join(site, file), "utf8"), vm.createContext({ typeaheadManifest: (n, list) => entries.push(...plain(list)) }));
  }
  return entries;
}

/** Every key of a map with its value, read straight from the shard files. */
function keysOf(map) {
  const all = new Map();
  for (const [, file] of manifestOf(map)) {
    let lines;
    vm.runInContext(fs.readFileSync(path.join(site, file), "utf8"), vm.createContext({ typeaheadShard: (n, q, l) => (lines = l) }));
    for (const [key, value] of maps.parseShard(lines)) all.set(key, value);
  }
  return all;
}

const suggestions = JSON.parse(fs.readFileSync(path.join(contentDir, "query_suggestions.json"), "utf8"))
  .sort((a, b) => core.compareCodePoints(a.objectID, b.objectID));
// The suggestions the site offers (vetted by minHits, per scope), as its suggestions index lists
// them: objectID → {attribute: [values of the scopes it is offered in]}.
const offered = new Map();
const readIndexFile = (relative) => {
  let payload;
  vm.runInContext(fs.readFileSync(path.join(site, relative), "utf8"), vm.createContext({ typeaheadIndex: (n, p) => (payload = plain(p)) }));
  return payload;
};
const offeredIDs = [];
for (let b = 0; b * data.suggestions.bucket < data.suggestions.count; b++) {
  for (const row of readIndexFile(`${data.suggestions.base}records/${b}.js`)) offeredIDs.push(row[0]);
}
offeredIDs.forEach((id) => offered.set(id, {}));
for (const [attribute, value, slug] of data.suggestions.scopes) {
  let number = 0;
  for (const delta of readIndexFile(`${data.suggestions.base}scopes/${slug}.js`)) {
    const facets = offered.get(offeredIDs[(number += delta)]);
    (facets[attribute] = facets[attribute] || []).push(value);
  }
}
const index = core.createIndex(
  suggestions.map((s) => ({ objectID: s.objectID, texts: [[s.query]], customKey: [s.popularity ?? null] })),
  [{ attribute: "popularity", descending: true }]
);

test("every key of every map is found through its shard, and equals the JavaScript engine's answer", () => {
  let checked = 0;
  for (const map of data.maps) {
    const { store } = storeWithLoader();
    const allowed = (r) => {
      const facets = offered.get(suggestions[r].objectID);
      return facets !== undefined && (!map.scope || (facets[map.scope.attribute] || []).includes(map.scope.value));
    };
    for (const [key, value] of keysOf(map)) {
      let found;
      store.lookup(map.id, key, (ids) => (found = ids));
      assert.deepEqual(plain(found), plain(value), `${map.id} ${key}`);
      const engine = core.search(index, key, { allowed }).ranked.slice(0, map.perKey).map((r) => suggestions[r.record].objectID);
      assert.deepEqual(engine, plain(value), `engine ${map.id} ${key}`);
      checked += 1;
    }
    let empty;
    store.lookup(map.id, "", (ids) => (empty = ids));
    assert.deepEqual(plain(empty), map.empty);
  }
  assert.ok(checked > 50, `checked ${checked}`);
});

test("a text that is not a key answers null; typed text is normalised first; shards load once", () => {
  const { store, loaded } = storeWithLoader();
  let value = "unset";
  store.lookup("all", "zzz", (ids) => (value = ids));
  assert.equal(value, null);
  store.lookup("all", "  IPHONE ", (ids) => (value = ids));
  assert.deepEqual(plain(value), ["iphone", "iphone case"]);
  store.lookup("all", "iph", () => {});
  assert.equal(new Set(loaded).size, loaded.length);
  assert.equal(store.query("iphone"), "iphone");
});

test("the manifest is searched by code points", () => {
  const manifest = [["a", "1"], ["m", "2"], ["\uFF41", "3"]];
  assert.equal(maps.shardFor(manifest, "0"), null);
  assert.equal(maps.shardFor(manifest, "b")[1], "1");
  assert.equal(maps.shardFor(manifest, "\u{1F4F1}")[1], "3");
});

/**
 * A store of one map `m` (top-level `pages`) over `files` (path → [kind, name, payload]), each
 * script run at once when asked for: the paths asked for, and `answer(text)`, a lookup's value.
 */
function memoryStore(files, pages, levels = 1) {
  const loaded = [];
  const loader = createLoader((src) => {
    loaded.push(src);
    const [kind, name, payload] = files[src];
    if (kind === "page") store.registerPage(name, payload);
    else store.register(name, {}, payload);
  });
  const store = maps.createStore({ layout, maps: [{ id: "m", empty: ["0"], levels, pages }] }, loader);
  const answer = (text) => {
    let value = "unset";
    store.lookup("m", text, (ids) => (value = ids));
    return value;
  };
  return { loaded, answer };
}

test("a key is found through its manifest page, then its shard; each loads once", () => {
  // Two pages of two shards each, served from memory.
  const files = {
    "shards/m/pages/a.js": ["page", "m/pages/a", [["a", "shards/m/a.js"], ["c", "shards/m/c.js"]]],
    "shards/m/pages/k.js": ["page", "m/pages/k", [["k", "shards/m/k.js"], ["p", "shards/m/p.js"]]],
    "shards/m/a.js": ["shard", "m/a", [["a", ["1"]], ["ab", "="]]],
    "shards/m/c.js": ["shard", "m/c", [["c", ["2"]]]],
    "shards/m/k.js": ["shard", "m/k", [["k", ["3"]]]],
    "shards/m/p.js": ["shard", "m/p", [["p", ["4"]], ["pz", ["5"]]]],
  };
  const { loaded, answer } = memoryStore(files, [["a", "shards/m/pages/a.js"], ["k", "shards/m/pages/k.js"]]);
  assert.deepEqual(answer("ab"), ["1"]);
  assert.deepEqual(answer("c"), ["2"]);
  assert.deepEqual(answer("pz"), ["5"]);
  assert.deepEqual(answer("k"), ["3"]);
  assert.equal(answer("0"), null); // before the first page
  assert.equal(answer("kz"), null); // in a shard's range, not a key
  assert.deepEqual(loaded, ["shards/m/pages/a.js", "shards/m/a.js", "shards/m/c.js", "shards/m/pages/k.js", "shards/m/p.js", "shards/m/k.js"]);
});

test("typed fast, a text loads only the shard of the last text typed; a failed script answers null", () => {
  // Scripts run when the test says so, as a browser runs them once they have loaded.
  const files = {
    "shards/m/pages/a.js": ["page", "m/pages/a", [["a", "shards/m/a.js"], ["c", "shards/m/c.js"], ["k", "shards/m/k.js"], ["p", "shards/m/p.js"]]],
    "shards/m/a.js": ["shard", "m/a", [["a", ["1"]], ["ab", "="]]],
    "shards/m/c.js": ["shard", "m/c", [["c", ["2"]], ["ca", ["6"]]]],
    "shards/m/k.js": ["shard", "m/k", [["k", ["3"]], ["ka", ["7"]]]],
    "shards/m/p.js": ["shard", "m/p", [["p", ["4"]]]],
  };
  const asked = [];
  const loader = createLoader((src) => asked.push(src));
  const store = maps.createStore({ layout, maps: [{ id: "m", empty: ["0"], levels: 1, pages: [["a", "shards/m/pages/a.js"]] }] }, loader);
  const run = (src) => {
    const [kind, name, payload] = files[src];
    if (kind === "page") store.registerPage(name, payload);
    else store.register(name, {}, payload);
  };
  let typed = "";
  const answers = [];
  const type = (text) => {
    typed = text;
    store.lookup("m", text, (ids) => answers.push([text, ids]), () => typed !== text);
  };
  // `a`, `c`, `ca` while the manifest page loads: only `ca`'s shard is asked for, once it has run.
  type("a");
  type("c");
  type("ca");
  assert.deepEqual(asked, ["shards/m/pages/a.js"]);
  run("shards/m/pages/a.js");
  assert.deepEqual(asked, ["shards/m/pages/a.js", "shards/m/c.js"]);
  // `k` while `c`'s shard loads waits for it, and `ka` replaces it: one load, for `ka`.
  type("k");
  type("ka");
  assert.deepEqual(asked.length, 2);
  run("shards/m/c.js");
  assert.deepEqual(asked, ["shards/m/pages/a.js", "shards/m/c.js", "shards/m/k.js"]);
  assert.deepEqual(answers, []);
  run("shards/m/k.js");
  assert.deepEqual(answers, [["ka", ["7"]]]);
  // A lookup that cannot go stale loads at once, as before; a script that fails answers null,
  // and the lookups waiting behind it go on.
  store.lookup("m", "ab", (ids) => answers.push(["ab", ids]));
  assert.deepEqual(asked.at(-1), "shards/m/a.js");
  type("p");
  assert.deepEqual(asked.at(-1), "shards/m/a.js");
  loader.failed("shards/m/a.js");
  assert.deepEqual(asked.at(-1), "shards/m/p.js");
  run("shards/m/p.js");
  assert.deepEqual(answers.slice(1), [["ab", null], ["p", ["4"]]]);
  // It is not asked for again: its keys answer null at once.
  store.lookup("m", "a", (ids) => answers.push(["a", ids]));
  assert.deepEqual(answers.at(-1), ["a", null]);
  assert.equal(asked.filter((src) => src === "shards/m/a.js").length, 1);
});

test("a large map's key is found through a page of each level, then its shard", () => {
  // The site data lists a page of pages; it lists two pages, which list the shards.
  const files = {
    "shards/m/pages2/a.js": ["page", "m/pages2/a", [["a", "shards/m/pages/a.js"], ["k", "shards/m/pages/k.js"]]],
    "shards/m/pages/a.js": ["page", "m/pages/a", [["a", "shards/m/a.js"], ["c", "shards/m/c.js"]]],
    "shards/m/pages/k.js": ["page", "m/pages/k", [["k", "shards/m/k.js"]]],
    "shards/m/a.js": ["shard", "m/a", [["a", ["1"]]]],
    "shards/m/c.js": ["shard", "m/c", [["c", ["2"]], ["cz", ["6"]]]],
    "shards/m/k.js": ["shard", "m/k", [["k", ["3"]], ["kz", "="]]],
  };
  const { loaded, answer } = memoryStore(files, [["a", "shards/m/pages2/a.js"]], 2);
  assert.deepEqual(answer("cz"), ["6"]);
  assert.deepEqual(loaded, ["shards/m/pages2/a.js", "shards/m/pages/a.js", "shards/m/c.js"]);
  assert.deepEqual(answer("kz"), ["3"]);
  assert.deepEqual(answer("a"), ["1"]);
  assert.equal(answer("d"), null);
  assert.deepEqual(loaded.slice(3), ["shards/m/pages/k.js", "shards/m/k.js", "shards/m/a.js"]);
});

test("a small map's manifest pages load ahead, a large map's do not; a prefetched page serves the lookup", () => {
  const small = { id: "s", empty: [], levels: 1, pages: [["a", "shards/s/pages/a.js"], ["m", "shards/s/pages/m.js"]] };
  const large = { id: "l", empty: [], levels: 1, pages: ["a", "c", "e", "g", "i"].map((k) => [k, `shards/l/pages/${k}.js`]) };
  const asked = [];
  const store = maps.createStore({ layout, maps: [small, large] }, createLoader((src) => asked.push(src)));
  store.prefetch("l");
  assert.deepEqual(asked, []);
  store.prefetch("s");
  store.prefetch("s");
  assert.deepEqual(asked, ["shards/s/pages/a.js", "shards/s/pages/m.js"]);
  store.registerPage("s/pages/a", [["a", "shards/s/a.js"]]);
  store.registerPage("s/pages/m", [["m", "shards/s/m.js"]]);
  let value = "unset";
  store.lookup("s", "mz", (ids) => (value = ids), () => false);
  assert.deepEqual(asked.slice(2), ["shards/s/m.js"]);
  store.register("s/m", {}, [["mz", ["7"]]]);
  assert.deepEqual(value, ["7"]);
});
