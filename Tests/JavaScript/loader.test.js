// The page's one script loader (createLoader in typeahead-index.js), which the client indices and
// the prefix-map store share: each file loaded once, every waiter told, a failed file null and not
// asked for again, and a lane whose loads may go stale.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { createLoader } = require("../../Templates/assets/js/typeahead-index.js");
const maps = require("../../Templates/assets/js/typeahead-maps.js");

/** A loader whose scripts run when the test says so, as a browser runs them once loaded. */
function manual() {
  const asked = [];
  const loader = createLoader((path) => asked.push(path));
  return { loader, asked };
}

test("each file loads once, and every waiter is told once all its files have run", () => {
  const { loader, asked } = manual();
  const told = [];
  loader.need(["a.js", "b.js", "a.js"], (payloads) => told.push(["first", payloads]));
  loader.need(["b.js"], (payloads) => told.push(["second", payloads]));
  assert.deepEqual(asked, ["a.js", "b.js"]);
  loader.register("b", "B");
  assert.deepEqual(told, [["second", ["B"]]]);
  loader.register("a", "A");
  assert.deepEqual(told, [["second", ["B"]], ["first", ["A", "B"]]]);
  // Loaded: answered at once, loading nothing.
  let now;
  loader.need(["a.js", "b"], (payloads) => (now = payloads));
  assert.deepEqual(now, ["A", "B"]);
  loader.need([], (payloads) => (now = payloads));
  assert.deepEqual(now, []);
  assert.deepEqual(asked, ["a.js", "b.js"]);
  assert.equal(loader.get("a.js"), "A");
  // A script may register more than its own name (a heads file opens with its rows).
  loader.register("c/rows", "rows");
  assert.equal(loader.get("c/rows"), "rows");
  loader.forget("c/rows");
  assert.equal(loader.get("c/rows"), undefined);
});

test("a file that fails to load is null to whoever waits, and is not asked for again", () => {
  const { loader, asked } = manual();
  const told = [];
  loader.need(["x.js"], ([payload]) => told.push(payload));
  loader.need(["x.js", "y.js"], (payloads) => told.push(payloads));
  loader.failed("x.js");
  assert.deepEqual(told, [null]);
  loader.register("y", "Y");
  assert.deepEqual(told, [null, [null, "Y"]]);
  loader.need(["x.js"], ([payload]) => told.push(payload));
  assert.deepEqual(told, [null, [null, "Y"], null]);
  assert.deepEqual(asked, ["x.js", "y.js"]);
});

test("a lane's load that may go stale waits for the lane's loads, and is dropped if stale by then", () => {
  const { loader, asked } = manual();
  const lane = loader.lane();
  const told = [];
  let typed = "a";
  const need = (text) => lane.need([`${text}.js`], ([payload]) => told.push([text, payload]), () => typed !== text);
  need("a");
  typed = "b";
  need("b");
  typed = "c";
  need("c");
  assert.deepEqual(asked, ["a.js"]);
  // `a` has run; `b` went stale meanwhile: only `c` loads.
  loader.register("a", "A");
  assert.deepEqual(asked, ["a.js", "c.js"]);
  assert.deepEqual(told, [["a", "A"]]);
  loader.register("c", "C");
  assert.deepEqual(told, [["a", "A"], ["c", "C"]]);
  // Stale before it starts: nothing loads and nobody is told. Loaded or loading: no waiting.
  lane.need(["d.js"], () => told.push("d"), () => true);
  assert.deepEqual(asked, ["a.js", "c.js"]);
  lane.need(["c.js"], ([payload]) => told.push(payload), () => true);
  assert.deepEqual(told.at(-1), "C");
  // Without `stale`, a lane's load starts at once and counts as in flight.
  lane.need(["e.js"], () => told.push("e"));
  lane.need(["f.js"], () => told.push("f"), () => false);
  assert.deepEqual(asked, ["a.js", "c.js", "e.js"]);
  lane.need(["e.js"], () => told.push("e again"), () => true);
  loader.failed("e.js");
  assert.deepEqual(told.slice(-2), ["e", "e again"]);
  assert.deepEqual(asked, ["a.js", "c.js", "e.js", "f.js"]);
});

test("a lane waits for its own loads only: the indices' loads neither wait nor hold it", () => {
  const { loader, asked } = manual();
  const lane = loader.lane();
  loader.need(["index/postings.js"], () => {});
  lane.need(["shard.js"], () => {}, () => false);
  assert.deepEqual(asked, ["index/postings.js", "shard.js"]);
  loader.need(["index/records.js"], () => {});
  assert.deepEqual(asked.at(-1), "index/records.js");
  // A second lane (another store) does not wait for the first one either.
  loader.lane().need(["other.js"], () => {}, () => false);
  assert.deepEqual(asked.at(-1), "other.js");
});

test("the store loads through the page's loader: the shards' globals routed to it, a failed shard null", () => {
  const data = { layout: { shards: "shards/" }, queries: {}, maps: [{ id: "m", empty: [], levels: 1, pages: [["a", "shards/m/pages/a.js"]] }] };
  const { loader, asked } = manual();
  const store = maps.createStore(data, loader);
  const found = [];
  store.lookup("m", "ab", (ids) => found.push(ids), () => false);
  // As the page does: `typeaheadManifest` and `typeaheadShard` go to the store, which registers
  // each by its path in the loader; `typeaheadIndex` and a failed script go to the loader.
  store.registerPage("m/pages/a", [["a", "shards/m/a.js"], ["k", "shards/m/k.js"]]);
  assert.deepEqual(asked, ["shards/m/pages/a.js", "shards/m/a.js"]);
  store.register("m/a", { x: "Ab, the query" }, [["a", ["x"]], ["ab", "="]]);
  assert.deepEqual(found, [["x"]]);
  assert.equal(store.query("x"), "Ab, the query");
  assert.deepEqual(loader.get("shards/m/pages/a.js"), [["a", "shards/m/a.js"], ["k", "shards/m/k.js"]]);
  // An index file loads beside it, through the same loader.
  let rows;
  loader.need(["data/products/records/0.js"], ([payload]) => (rows = payload));
  loader.register("data/products/records/0", [["p1"]]);
  assert.deepEqual(rows, [["p1"]]);
  // A shard that failed answers null, now and later, and is not asked for again.
  store.lookup("m", "k", (ids) => found.push(ids));
  loader.failed("shards/m/k.js");
  store.lookup("m", "kz", (ids) => found.push(ids), () => false);
  assert.deepEqual(found, [["x"], null, null]);
  assert.deepEqual(asked, ["shards/m/pages/a.js", "shards/m/a.js", "data/products/records/0.js", "shards/m/k.js"]);
});
