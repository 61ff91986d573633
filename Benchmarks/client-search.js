#!/usr/bin/env node
// The page's own search (typeahead-index.js over typeahead-core.js) in node, on a built site: the
// whole answer of each query (ranked from the postings, as the page does for a text without a
// precomputed first page, or when the shopper scrolls past it) and its first page's rows and
// highlights, every file already loaded, so the figure is the JavaScript's alone. CPU as is; the
// page's CPU-throttled figures are Benchmarks/search-page.py's.
//
// Usage: node Benchmarks/client-search.js SITE [--against REV] [--runs N] [--queries a,b,…]
// SITE is a built site (`typeahead build --output SITE`). With --against REV, the scripts of git
// revision REV run too, alternately with this tree's, on the same site. Prints each query's
// median and the sum of the medians.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const { execFileSync } = require("node:child_process");

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const site = args[0];
if (!site || !fs.existsSync(path.join(site, "data", "site.js"))) throw new Error("usage: node Benchmarks/client-search.js SITE [--against REV]");
const root = path.join(__dirname, "..");
const runs = Number(option("--runs", "7"));
const queries = option("--queries", "iphone,case,samsung galaxy,phone case,black,charger,apple,iphone case,ipho,galax,cse,samsng").split(",");

const context = vm.createContext({ window: {} });
vm.runInContext(fs.readFileSync(path.join(site, "data", "site.js"), "utf8"), context);
const data = JSON.parse(JSON.stringify(context.window.TypeaheadSiteData));

/** A client index over the site with the scripts of folder `js`, every file read once. */
function clientIndex(js) {
  const sharded = require(path.join(js, "typeahead-index.js"));
  const files = new Map();
  const loader = sharded.createLoader((src) => {
    if (!files.has(src)) files.set(src, fs.readFileSync(path.join(site, src), "utf8"));
    vm.runInContext(files.get(src), vm.createContext({ typeaheadIndex: (name, payload) => loader.register(name, JSON.parse(JSON.stringify(payload))) }));
  });
  return sharded.createClientIndex(data.products, loader);
}

/** The whole answer of `query`, its first page's rows and highlights; the milliseconds it took. */
function run(index, query) {
  const start = process.hrtime.bigint();
  let shown = null;
  index.search(query, {}, (first) => {
    const draw = (answer) => index.rows(answer.numbers.slice(0, 20), (rows) => (shown = rows.map((r, i) => answer.highlight(String(r.name), i).value)));
    if (first.complete) draw(first);
    else first.rest(draw);
  });
  if (shown === null) throw new Error(`${query}: not answered`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const versions = [["now", path.join(root, "Templates", "assets", "js")]];
const against = option("--against", null);
if (against) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "typeahead-client-search-"));
  for (const name of ["typeahead-core.js", "typeahead-index.js"]) {
    fs.writeFileSync(path.join(folder, name), execFileSync("git", ["show", `${against}:Templates/assets/js/${name}`], { cwd: root }));
  }
  process.on("exit", () => fs.rmSync(folder, { recursive: true, force: true }));
  versions.push([against, folder]);
}
const indices = versions.map(([label, js]) => [label, clientIndex(js)]);
// Once to load every file (not timed), then the timed runs, the versions alternating.
for (const [, index] of indices) for (const query of queries) run(index, query);
const times = new Map(indices.map(([label]) => [label, new Map(queries.map((q) => [q, []]))]));
for (let r = 0; r < runs; r++) {
  for (const query of queries) for (const [label, index] of indices) times.get(label).get(query).push(run(index, query));
}
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [label] of indices) {
  let sum = 0;
  const parts = queries.map((q) => {
    const m = median(times.get(label).get(q));
    sum += m;
    return `${q} ${m.toFixed(1)}`;
  });
  console.log(`${label}: ${sum.toFixed(1)} ms for ${queries.length} queries (median of ${runs} runs each): ${parts.join(", ")}`);
}
