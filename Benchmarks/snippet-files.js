// The snippets/ files the search page loads after a query's first page paints: the cards whose name does
// not match every word, and the gzipped bytes of their files. Usage: node Benchmarks/snippet-files.js SITE QUERY…
const fs = require("fs"), path = require("path"), vm = require("vm"), zlib = require("zlib");
const sharded = require(path.join(__dirname, "..", "Templates", "assets", "js", "typeahead-index.js"));
const site = process.argv[2];
const ctx = vm.createContext({ window: {} });
vm.runInContext(fs.readFileSync(path.join(site, "data", "site.js"), "utf8"), ctx);
const data = JSON.parse(JSON.stringify(ctx.window.TypeaheadSiteData));
for (const q of process.argv.slice(3)) {
  // A fresh page for each query: nothing loaded by another.
  const requested = [];
  const loader = sharded.createLoader((src) => {
    requested.push(src);
    const c = vm.createContext({ typeaheadIndex: (n, p) => loader.register(n, JSON.parse(JSON.stringify(p))) });
    vm.runInContext(fs.readFileSync(path.join(site, src), "utf8"), c);
  });
  const index = sharded.createClientIndex(data.products, loader);
  index.search(q, {}, (answer) => {
    const numbers = answer.numbers.slice(0, 20);
    index.rows(numbers, (rows) => {
      const unmatched = numbers.filter((n, i) => answer.highlight(String(rows[i].name), i).matchLevel !== "full");
      const before = requested.length;
      index.snippets(unmatched, () => {
        const files = requested.slice(before);
        const gz = files.reduce((t, f) => t + zlib.gzipSync(fs.readFileSync(path.join(site, f))).length, 0);
        console.log(q, "cards without a full name match:", unmatched.length, "files:", files.length, "gzipped bytes:", gz);
      });
    });
  });
}
