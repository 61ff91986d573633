// The page's refining (typeahead-refine.js) gives the Swift engine's answers: every refining case
// of fixtures/agreement.json (facet and numeric filters, every facet's counts and stats, replicas)
// is answered through the sample site's sharded products index and its `facets/` files. The site
// is built with the debug binary (`swift build` first) into a temporary folder removed at exit.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const { execFileSync } = require("node:child_process");
const sharded = require("../../Templates/assets/js/typeahead-index.js");
const refine = require("../../Templates/assets/js/typeahead-refine.js");

const root = path.join(__dirname, "..", "..");
const binary = process.env.TYPEAHEAD_BINARY || path.join(root, ".build", "debug", "typeahead");
const site = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "typeahead-refine-")), "site");
process.on("exit", () => fs.rmSync(path.dirname(site), { recursive: true, force: true }));
execFileSync(binary, ["build", "--quiet", "--content", "Content", "--output", site], { cwd: root, stdio: "pipe" });
const siteContext = vm.createContext({ window: {} });
vm.runInContext(fs.readFileSync(path.join(site, "data", "site.js"), "utf8"), siteContext);
const data = JSON.parse(JSON.stringify(siteContext.window.TypeaheadSiteData));
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "agreement.json"), "utf8"));
const plain = (x) => JSON.parse(JSON.stringify(x));

/** A loader over the site's files that records what it loads. */
function siteLoader() {
  const requested = [];
  const loader = sharded.createLoader((src) => {
    requested.push(src);
    const context = vm.createContext({ typeaheadIndex: (name, payload) => loader.register(name, plain(payload)) });
    vm.runInContext(fs.readFileSync(path.join(site, src), "utf8"), context);
  });
  return { loader, requested };
}
const { loader } = siteLoader();
const products = sharded.createClientIndex(data.products, loader);
const facetData = refine.createFacetData(data.products.facets, data.products.base, loader);

/** `"attr:value"`, `"-attr:value"`, `"attr op n"`, `"attr:a TO b"` as the page's terms. */
function term(text) {
  const range = /^(.+):(-?[\d.]+) TO (-?[\d.]+)$/.exec(text);
  if (range) return { attribute: range[1], lower: Number(range[2]), upper: Number(range[3]) };
  const numeric = /^([^<>=!]+)(<=|>=|!=|<|>|=)(-?[\d.]+)$/.exec(text);
  if (numeric) return { attribute: numeric[1], op: numeric[2], number: Number(numeric[3]) };
  const negated = text.startsWith("-");
  const body = negated ? text.slice(1) : text;
  const colon = body.indexOf(":");
  return { attribute: body.slice(0, colon), value: body.slice(colon + 1), negated };
}
const clauses = (json) => JSON.parse(json).map((e) => (Array.isArray(e) ? e : [e]).map(term));

/** The whole ranked list of a query, as the page computes it before refining. */
function allNumbers(query, index = products) {
  let numbers = null;
  index.search(query, {}, (answer) => {
    if (answer.complete) numbers = answer.numbers;
    else answer.rest((full) => (numbers = full.numbers));
  });
  assert.ok(numbers, `${query} was not answered synchronously`);
  return numbers;
}

test(`refining agrees with the Swift engine on all ${fixture.refining.length} cases`, () => {
  assert.ok(fixture.refining.length >= 10);
  const attributes = data.products.facets.attributes;
  for (const c of fixture.refining) {
    const numbers = allNumbers(c.query);
    let got = null;
    facetData.columnsOf(numbers, (columns) => {
      const groups = {};
      [...clauses(c.facetFilters), ...clauses(c.numericFilters)].forEach((clause, i) => (groups["g" + i] = [clause]));
      const replica = c.replica ? data.products.facets.replicas.find((r) => r[0] === c.replica) : null;
      const answer = refine.apply(numbers, columns, { groups, facets: attributes, max: 1000, sort: replica ? [replica[1], replica[2]] : null });
      products.rows(answer.numbers.slice(0, 20), (rows) => {
        got = { nbHits: answer.nbHits, hits: rows.map((r) => r.objectID), facets: answer.facets, stats: answer.stats };
      });
    });
    assert.ok(got, `${c.query} was not refined synchronously`);
    const label = `${JSON.stringify(c.query)} ${c.facetFilters} ${c.numericFilters} ${c.replica}`;
    assert.equal(got.nbHits, c.nbHits, label);
    assert.deepEqual(got.hits, c.hits, label);
    // The engine leaves out attributes no hit holds; the page's count is an empty list there.
    for (const attribute of attributes) assert.deepEqual(got.facets[attribute], c.facets[attribute] || [], `${label} ${attribute}`);
    for (const attribute of Object.keys(c.stats)) {
      const [want, have] = [c.stats[attribute], got.stats[attribute]];
      assert.ok(have, `${label}: no stats for ${attribute}`);
      assert.equal(have.min, want.min);
      assert.equal(have.max, want.max);
      assert.ok(Math.abs(have.sum - want.sum) < 1e-6 && Math.abs(have.avg - want.avg) < 1e-9, `${label} ${attribute}`);
    }
    assert.deepEqual(Object.keys(got.stats).sort(), Object.keys(c.stats).sort(), label);
  }
});

test("disjunctive counts: a facet's own refinement leaves its counts as they were", () => {
  const numbers = allNumbers("iphone");
  facetData.columnsOf(numbers, (columns) => {
    const none = refine.apply(numbers, columns, { facets: ["brand"], max: 1000 });
    const apple = refine.apply(numbers, columns, { groups: { brand: [[{ attribute: "brand", value: "Apple" }]] }, facets: ["brand", "price"], max: 1000 });
    assert.deepEqual(apple.facets.brand, none.facets.brand);
    assert.equal(apple.nbHits, none.facets.brand.find(([v]) => v === "Apple")[1]);
    // Another facet's counts are within the refinement.
    const prices = apple.facets.price.reduce((sum, [, count]) => sum + count, 0);
    assert.ok(prices <= apple.nbHits);
  });
});

test("a refinement loads the facet files of the hits' records only, and the values once", () => {
  const { loader, requested } = siteLoader();
  const numbers = allNumbers("apple watch band", sharded.createClientIndex(data.products, loader));
  refine.createFacetData(data.products.facets, data.products.base, loader).columnsOf(numbers, () => {});
  const files = requested.filter((src) => src.includes("/facets/"));
  const buckets = new Set(numbers.map((n) => Math.floor(n / data.products.facets.bucket)));
  assert.ok(buckets.size < 4, "the hits of a narrow query sit in few buckets");
  assert.deepEqual(files.sort(), [...[...buckets].map((b) => `data/products/facets/${b}.js`), "data/products/facets/values.js"].sort());
});

test("ready price ranges count each hit once in each range it reaches", () => {
  const columns = {
    cells: () => [10, [25, 30], null, [20, 60, 70]],
    list: () => ({ kind: "numbers", values: [], code: new Map() }),
  };
  assert.deepEqual(refine.rangeCounts([0, 1, 2, 3], columns, "price", [25, 50]), [2, 1, 1]);
});
