// The site's sharded client indices answer as the Swift engine does, loading only what a query
// needs. The sample site is built from Content/ with the debug binary (`swift build` first; or
// the binary TYPEAHEAD_BINARY names) into a temporary folder removed at exit, then:
// every case of fixtures/agreement.json (the engine's answers on the sample) is answered through the
// shards; every key of every prefix map (the engine's suggestions, per scope) is answered by the
// suggestions index; every static result page (the engine's first page) and the fixture's lists
// in each scope by the products index; and a query loads the postings of exactly its candidate words.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const { execFileSync } = require("node:child_process");
const core = require("../../Templates/assets/js/typeahead-core.js");
const sharded = require("../../Templates/assets/js/typeahead-index.js");
const maps = require("../../Templates/assets/js/typeahead-maps.js");

const root = path.join(__dirname, "..", "..");
const binary = process.env.TYPEAHEAD_BINARY || path.join(root, ".build", "debug", "typeahead");
if (!fs.existsSync(binary)) throw new Error(`${binary} is missing: run \`swift build\` first (Scripts/test does)`);
const site = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "typeahead-sharded-")), "site");
// Removed at exit, also when the build fails.
process.on("exit", () => fs.rmSync(path.dirname(site), { recursive: true, force: true }));
execFileSync(binary, ["build", "--quiet", "--content", "Content", "--output", site], { cwd: root, stdio: "pipe" });

// data/site.js is `window.TypeaheadSiteData = {…};`: run it as the page does.
const siteContext = vm.createContext({ window: {} });
vm.runInContext(fs.readFileSync(path.join(site, "data", "site.js"), "utf8"), siteContext);
const data = JSON.parse(JSON.stringify(siteContext.window.TypeaheadSiteData));
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "agreement.json"), "utf8"));
const plain = (x) => JSON.parse(JSON.stringify(x));

/**
 * A loader reading the site's files synchronously, recording what it loads. `store`, when given,
 * is the prefix-map store the map files' globals are routed to, as the page routes them.
 */
function siteLoader() {
  const requested = [];
  let store = null;
  const loader = sharded.createLoader((src) => {
    requested.push(src);
    const context = vm.createContext({
      typeaheadIndex: (name, payload) => loader.register(name, plain(payload)),
      typeaheadShard: (name, queries, lines) => store.register(name, plain(queries), plain(lines)),
      typeaheadManifest: (name, entries) => store.registerPage(name, plain(entries)),
    });
    vm.runInContext(fs.readFileSync(path.join(site, src), "utf8"), context);
  });
  return { loader, requested, serve: (mapStore) => (store = mapStore) };
}

/**
 * The first `count` hits of a query: objectIDs, nbHits, the first hit's highlight of `attribute`,
 * and `queryAfterRemoval` when words were made optional.
 */
function ask(index, query, options, count, attribute) {
  let out;
  index.search(query, options, (answer) => {
    index.rows(answer.numbers.slice(0, count), (rows) => {
      out = { nbHits: answer.nbHits, hits: rows.map((r) => r.objectID) };
      if (rows.length > 0) {
        const h = answer.highlight(String(rows[0][attribute]), 0);
        out.highlight = h.value;
        out.matchLevel = h.matchLevel;
      }
      if (answer.queryAfterRemoval !== null) out.queryAfterRemoval = answer.queryAfterRemoval;
    });
  });
  assert.ok(out, `${JSON.stringify(query)} was not answered synchronously`);
  return out;
}

/** Each of the first 20 cards' snippet (docs/CONTRACT.md, Snippets), as the page draws them. */
function cardSnippets(index, query) {
  let out;
  index.search(query, {}, (answer) => {
    const numbers = answer.numbers.slice(0, 20);
    index.rows(numbers, (rows) => {
      index.snippets(numbers, (texts) => {
        out = rows.map((row, i) => {
          const name = answer.highlight(String(row.name), i);
          return core.cardSnippet(name, texts[i], (value) => answer.highlight(value, i), index.snippet.words, index.snippet.ellipsis);
        });
      });
    });
  });
  assert.ok(out, `${JSON.stringify(query)}'s snippets were not answered synchronously`);
  return out;
}

const { loader } = siteLoader();
const products = sharded.createClientIndex(data.products, loader);
const suggestions = sharded.createClientIndex(data.suggestions, loader);

// The site is built with each index's own language (site.json); a case searched with a variant of
// those settings (`language`: no plurals, another removal mode, an optional word…) can only be
// answered by typeahead-core.js with that variant (agreement.test.js), not by the built site.
const siteCases = fixture.cases.filter((c) => c.language === undefined);

test(`the sharded indices agree with the Swift engine on all ${siteCases.length} cases of the site's languages`, () => {
  assert.equal(data.products.count, fixture.productCount);
  // The manifests carry the languages the fixture's cases were searched with.
  assert.deepEqual(data.products.language, fixture.languages.products);
  assert.deepEqual(data.suggestions.language, fixture.languages.suggestions);
  assert.ok(siteCases.length >= 700 && siteCases.some((c) => c.queryAfterRemoval !== undefined));
  const differences = [];
  for (const c of siteCases) {
    const [index, attribute] = c.index === "products" ? [products, "name"] : [suggestions, "query"];
    const got = ask(index, c.query, {}, 20, attribute);
    const want = { nbHits: c.nbHits, hits: c.hits };
    if (c.highlight !== undefined) Object.assign(want, { highlight: c.highlight, matchLevel: c.matchLevel });
    if (c.queryAfterRemoval !== undefined) want.queryAfterRemoval = c.queryAfterRemoval;
    if (c.cardSnippets !== undefined && c.hits.length > 0) {
      got.cardSnippets = cardSnippets(index, c.query);
      want.cardSnippets = c.cardSnippets;
    }
    try {
      assert.deepEqual(got, want);
    } catch {
      differences.push(`${c.index} ${JSON.stringify(c.query)}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  }
  assert.equal(differences.length, 0, `${differences.length} differ:\n` + differences.slice(0, 8).join("\n"));
});

test("the suggestions index gives every prefix-map key's value, in every scope", () => {
  // One loader for the map files and the suggestions index's, as in the page.
  const { loader, requested, serve } = siteLoader();
  const store = serve(maps.createStore(data, loader));
  const suggestions = sharded.createClientIndex(data.suggestions, loader);
  const differences = [];
  let keys = 0;
  for (const map of data.maps) {
    const scope = map.scope ? [map.scope.attribute, map.scope.value] : null;
    const shards = [];
    for (const [, page] of map.pages) {
      vm.runInContext(fs.readFileSync(path.join(site, page), "utf8"), vm.createContext({ typeaheadManifest: (n, list) => shards.push(...plain(list)) }));
    }
    for (const [, file] of shards) {
      let lines;
      vm.runInContext(fs.readFileSync(path.join(site, file), "utf8"), vm.createContext({ typeaheadShard: (n, q, l) => (lines = plain(l)) }));
      for (const [key, ids] of maps.parseShard(lines)) {
        // Every 11th key keeps the test quick; the keys of a shard cover every length.
        if (keys++ % 11 !== 0) continue;
        const got = ask(suggestions, key, { scope }, map.perKey, "query").hits;
        if (JSON.stringify(got) !== JSON.stringify(ids)) differences.push(`${map.id} ${JSON.stringify(key)}: want ${JSON.stringify(ids)}, got ${JSON.stringify(got)}`);
        let found;
        store.lookup(map.id, key, (value) => (found = value));
        if (JSON.stringify(found) !== JSON.stringify(ids)) differences.push(`map ${map.id} ${JSON.stringify(key)}: want ${JSON.stringify(ids)}, got ${JSON.stringify(found)}`);
      }
    }
  }
  assert.ok(keys > 1000, `only ${keys} keys`);
  assert.equal(differences.length, 0, differences.slice(0, 5).join("\n"));
  // The map files and the index files went through the one loader, each once.
  assert.ok(requested.some((f) => f.startsWith(data.layout.shards)) && requested.some((f) => f.startsWith(data.suggestions.base)));
  assert.equal(new Set(requested).size, requested.length);
});

test("the products index gives every static result page's first page", () => {
  const pages = [];
  for (const entry of fs.readdirSync(path.join(site, "search")).sort()) {
    if (/^[a-z0-9-]+\.html$/.test(entry)) pages.push(path.join(site, "search", entry)); // page 1 of each list
  }
  // A scope's list has no static pages (docs/CONTRACT.md, "A scope's list").
  assert.ok(!fs.existsSync(path.join(site, "scopes")));
  const { loader } = siteLoader();
  const products = sharded.createClientIndex(data.products, loader);
  const differences = [];
  for (const file of pages.filter((_, i) => i % 8 === 0)) {
    const text = fs.readFileSync(file, "utf8");
    const want = Array.from(text.matchAll(/<li class="hit" data-object-id="([^"]*)"/g), (m) => m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
    const query = text.split("<h1>Results for “")[1].split("”")[0].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    const got = ask(products, query, { scope: null }, want.length, "name").hits;
    if (JSON.stringify(got) !== JSON.stringify(want)) differences.push(`${path.relative(site, file)}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  // 462 on the sample: every offered suggestion with a hit.
  assert.ok(pages.length > 400, `only ${pages.length} pages`);
  assert.equal(differences.length, 0, differences.slice(0, 5).join("\n"));
});

test(`the products index gives the Swift engine's lists in every scope (${fixture.scoped.length} cases)`, () => {
  const { loader } = siteLoader();
  const products = sharded.createClientIndex(data.products, loader);
  const differences = [];
  for (const c of fixture.scoped) {
    const got = ask(products, c.query, { scope: c.scope }, 20, "name");
    if (got.nbHits !== c.nbHits || JSON.stringify(got.hits) !== JSON.stringify(c.hits)) {
      differences.push(`${c.scope.join(":")} ${JSON.stringify(c.query)}: want ${c.nbHits} ${JSON.stringify(c.hits)}, got ${got.nbHits} ${JSON.stringify(got.hits)}`);
    }
  }
  assert.ok(fixture.scoped.length > 100 && fixture.scoped.some((c) => c.nbHits > 20));
  assert.equal(differences.length, 0, `${differences.length} differ:\n` + differences.slice(0, 5).join("\n"));
});

/** Record `number`'s row as its `records/` file holds it, named by the manifest's fields. */
function recordsRow(manifest, number) {
  let bucket;
  const file = path.join(site, manifest.base, "records", Math.floor(number / manifest.bucket) + ".js");
  vm.runInContext(fs.readFileSync(file, "utf8"), vm.createContext({ typeaheadIndex: (n, p) => (bucket = plain(p)) }));
  return Object.fromEntries(manifest.fields.map((f, k) => [f, bucket[number % manifest.bucket][k]]));
}

/** Every precomputed answer line of the products index, `[text, nbHits, numbers, placed]`. */
function answerLines() {
  const lines = [];
  for (const [, page] of data.products.answers) {
    let shards;
    vm.runInContext(fs.readFileSync(path.join(site, data.products.base, "answers", page + ".js"), "utf8"), vm.createContext({ typeaheadIndex: (n, p) => (shards = plain(p)) }));
    for (const [, slug] of shards) {
      vm.runInContext(fs.readFileSync(path.join(site, data.products.base, "answers", slug + ".js"), "utf8"), vm.createContext({ typeaheadIndex: (n, p) => lines.push(...plain(p)) }));
    }
  }
  return lines;
}
const answerTexts = new Set(answerLines().map((line) => line[0]));

test("a text with a precomputed answer loads no postings, and its whole answer begins with it, highlights included", () => {
  const lines = answerLines();
  // The sample has texts whose postings pass `answersAbove` (96 KiB): two words, the first common.
  assert.ok(lines.length > 1000, `only ${lines.length} answers`);
  assert.ok(lines.some((line) => line[3].some((p) => p > 0)), "no answer has a typo");
  const texts = lines.map((line) => line[0]);
  assert.deepEqual(texts, [...texts].sort(core.compareCodePoints), "answers in code-point order");
  // A first screen's rows come with an answer (ShardedIndex.answerRowsShown), not all twenty.
  assert.equal(data.products.answerRows, 12);
  let checked = 0;
  for (const [text, nbHits, numbers] of lines.filter((_, i) => i % 97 === 0)) {
    const { loader, requested } = siteLoader();
    const index = sharded.createClientIndex(data.products, loader);
    let answer;
    index.search(text, {}, (a) => (answer = a));
    assert.deepEqual([answer.nbHits, answer.numbers], [nbHits, numbers], text);
    assert.equal(requested.filter((f) => f.includes("/postings/")).length, 0, `${text}: ${requested}`);
    // The shard's rows file brought the rows of its first `answerRows` hits (a first screen's
    // cards): they show from three files (the page of shards, the shard, its rows), the rows the
    // same as the records files hold; the others' come from those files.
    const first = numbers.slice(0, data.products.answerRows);
    let shown;
    index.rows(first, (rows) => (shown = rows));
    assert.deepEqual(requested.filter((f) => f.includes("/records/")), [], `${text}: ${requested}`);
    assert.deepEqual(shown, first.map((n) => recordsRow(data.products, n)), text);
    index.rows(numbers, (rows) => (shown = rows));
    assert.deepEqual(shown, numbers.map((n) => recordsRow(data.products, n)), text);
    let whole;
    answer.rest((a) => (whole = a));
    assert.equal(whole.nbHits, nbHits, text);
    assert.deepEqual(whole.numbers.slice(0, numbers.length), numbers, text);
    index.rows(numbers, (rows) => {
      rows.forEach((row, i) => assert.deepEqual(answer.highlight(row.name, i), whole.highlight(row.name, i), `${text} #${i}`));
    });
    // Through the page's own text: case and spacing do not matter.
    let typed;
    index.search(`  ${text.toUpperCase()} `, {}, (a) => (typed = a));
    assert.deepEqual(typed.numbers, numbers, text);
    checked += 1;
  }
  assert.ok(checked > 30, `${checked} checked`);
  // A scope or typoTolerance false never takes a precomputed (unscoped, typo-tolerant) answer.
  const [text, , numbers] = lines.find((line) => line[1] > 1 && line[3].some((p) => p > 0));
  const { loader, requested } = siteLoader();
  const index = sharded.createClientIndex(data.products, loader);
  let strict;
  index.search(text, { typoTolerance: false }, (a) => (strict = a));
  assert.ok(requested.some((f) => f.includes("/postings/")), text);
  assert.notDeepEqual(strict.numbers.slice(0, numbers.length), numbers, text);
});

test("a search that a newer one replaced loads no more answers files, and does not call back", () => {
  const [text] = answerLines().find((line) => line[2].length > 0);
  const { loader, requested } = siteLoader();
  const index = sharded.createClientIndex(data.products, loader);
  let called = false;
  // Stale as soon as its first file (the page of shards) has loaded.
  index.search(text, { stale: () => requested.length > 0 }, () => (called = true));
  assert.equal(called, false);
  assert.equal(requested.length, 1, `${requested}`);
  assert.match(requested[0], /\/answers\/pages\//);
});

test("a held search (`hold`) loads its postings and ranks only once let go, and not at all once stale", () => {
  // The page searches a keystroke's results while its suggestion list is drawn: the postings
  // load once the list is rendered, the ranking waits until it has painted.
  for (const text of ["galaxy s", "usb c c", "case for s"]) {
    let expected;
    sharded.createClientIndex(data.products, siteLoader().loader).search(text, {}, (a) => (expected = a));
    assert.ok(expected && expected.nbHits > 0, text);
    for (const staleAt of [null, "postings", "rank"]) {
      const { loader, requested } = siteLoader();
      const held = [];
      let stale = false;
      let answer = null;
      const index = sharded.createClientIndex(data.products, loader);
      index.search(text, { stale: () => stale, hold: (then, step) => held.push([step, then]) }, (a) => (answer = a));
      assert.deepEqual(held.map(([step]) => step), ["postings"], text);
      assert.ok(requested.length > 0 && !requested.some((f) => f.includes("/postings/")), `${text}: postings loaded while held: ${requested}`);
      stale = staleAt === "postings";
      held[0][1]();
      if (staleAt === "postings") {
        assert.ok(!requested.some((f) => f.includes("/postings/")), `${text}: a stale search loads its postings`);
        assert.equal(held.length, 1, text);
        continue;
      }
      assert.ok(requested.some((f) => f.includes("/postings/")), `${text}: let go, the postings load`);
      assert.deepEqual(held.map(([step]) => step), ["postings", "rank"], text);
      assert.equal(answer, null, `${text}: ranked before it was let go`);
      const loaded = requested.length;
      stale = staleAt === "rank";
      held[1][1]();
      assert.equal(requested.length, loaded, `${text}: nothing more to load`);
      if (stale) assert.equal(answer, null, `${text}: a stale search calls back`);
      else assert.deepEqual([answer.nbHits, answer.numbers], [expected.nbHits, expected.numbers], text);
    }
  }
  // A precomputed answer is not ranked: it is not held.
  const [text, nbHits] = answerLines().find((line) => line[2].length > 0);
  let answer = null;
  sharded.createClientIndex(data.products, siteLoader().loader).search(text, { hold: () => assert.fail("held") }, (a) => (answer = a));
  assert.equal(answer.nbHits, nbHits, text);
});

test("a larger index's pages of pages (pages2/…) lead to the same answers, one file a level", () => {
  // The sample's answers fit in one level of pages; a catalogue with more than 64 pages of shards
  // lists its pages in pages of their own. Make such a level of the sample's pages, one a book
  // (in memory: files as the build would write them), and look answers up through it.
  const pages = data.products.answers;
  assert.ok(pages.length >= 2, `${pages.length} pages`);
  const books = pages.map((page) => [page]);
  const manifest = { ...data.products, answers: books.map((book, k) => [book[0][0], `pages2/book-${k}`]), answerLevels: 2 };
  const lines = answerLines();
  let checked = 0;
  for (const [text, nbHits, numbers] of lines.filter((_, i) => i % 131 === 0)) {
    const requested = [];
    const loader = sharded.createLoader((src) => {
      requested.push(src);
      const book = src.match(/\/answers\/pages2\/book-(\d+)\.js$/);
      if (book) return loader.register(src.replace(/\.js$/, ""), plain(books[Number(book[1])]));
      const context = vm.createContext({ typeaheadIndex: (name, payload) => loader.register(name, plain(payload)) });
      vm.runInContext(fs.readFileSync(path.join(site, src), "utf8"), context);
    });
    const index = sharded.createClientIndex(manifest, loader);
    let answer;
    index.search(text, {}, (a) => (answer = a));
    assert.deepEqual([answer.nbHits, answer.numbers], [nbHits, numbers], text);
    const answers = requested.filter((f) => f.includes("/answers/") && !f.includes("/rows/"));
    assert.equal(answers.length, 3, `${text}: one file a level (book, page, shard): ${answers}`);
    assert.match(answers[0], /\/pages2\//, text);
    assert.match(answers[1], /\/pages\//, text);
    assert.equal(requested.filter((f) => f.includes("/postings/")).length, 0, `${text}: ${requested}`);
    checked += 1;
  }
  assert.ok(checked > 20, `${checked} checked`);
});

test("a query loads the postings of exactly the words it reads, and a small part of the index", () => {
  // Every word of the vocabulary with its postings file, read from all the listing files.
  const vocabulary = new Map();
  for (const [, slug] of data.products.words) {
    let entries;
    vm.runInContext(fs.readFileSync(path.join(site, data.products.base, "words", slug + ".js"), "utf8"), vm.createContext({ typeaheadIndex: (n, p) => (entries = plain(p)) }));
    for (const [word, postings] of entries) vocabulary.set(word, postings);
  }
  const listed = Array.from(vocabulary.keys());
  const full = { spelled: listed.map(core.points), vocabulary: new Map(listed.map((w, i) => [w, i])) };
  const indexBytes = (dir) => fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile()).reduce((sum, f) => sum + fs.statSync(f).size, 0);
  const total = indexBytes(path.join(site, data.products.base));
  const language = data.products.language;
  for (const query of ["iphone", "samsung gal", "blakcberry", "otterbox defender iphone", "aamsungs", "xqzt", "usbc cable", "otter bo", "cheap laptops"]) {
    const { loader, requested } = siteLoader();
    const index = sharded.createClientIndex(data.products, loader);
    ask(index, query, {}, 20, "name");
    const qwords = core.queryWords(query);
    const expected = new Set();
    if (!answerTexts.has(qwords.join(" "))) {
      // Its candidate words, their alternatives (plural forms, synonyms, joins) and the parts of
      // every split it may take, by the contract's matchers over the whole vocabulary.
      for (const id of core.wordsRead(full, query, { language })) expected.add(`${data.products.base}postings/${vocabulary.get(listed[id])}.js`);
    }
    const postings = new Set(requested.filter((f) => f.includes("/postings/")));
    assert.deepEqual([...postings].sort(), [...expected].sort(), query);
    const bytes = requested.reduce((sum, f) => sum + fs.statSync(path.join(site, f)).size, 0);
    assert.ok(bytes < total / 4, `${query}: ${bytes} of ${total} bytes`);
    assert.ok(requested.filter((f) => f.includes("/records/")).length <= 20, query);
  }
});

test("the first letters typed are answered by their head alone, one file; the whole answer follows on demand", () => {
  for (const query of ["i", "IP", "iph", "s", "ca", "zq"]) {
    const { loader, requested } = siteLoader();
    const index = sharded.createClientIndex(data.products, loader);
    let head;
    index.search(query, {}, (answer) => (head = answer));
    assert.ok(head, query);
    assert.equal(requested.filter((f) => f.includes("/postings/")).length, 0, `${query}: ${requested}`);
    if (head.nbHits === 0) continue;
    assert.ok(requested.some((f) => f.includes("/heads/")), query);
    // One file, its heads: not the listings of every word the letters start.
    assert.deepEqual(requested.filter((f) => !f.includes("/heads/")), [], `${query}: ${requested}`);
    // A letter's first page comes with its rows (they open its heads file); a longer prefix's,
    // with its rows file: the same rows as the records files hold, and no records file. A head of
    // three letters is in the rows file of its first two, which loads first.
    const rowsFiles = requested.filter((f) => f.includes("/heads/rows/"));
    const letters = Array.from(core.normalize(query));
    const rowsOf = (n) => `data/products/heads/rows/${Buffer.from(letters.slice(0, n).join("")).toString("hex")}.js`;
    assert.deepEqual(rowsFiles, letters.slice(1).map((_, i) => rowsOf(i + 2)), `${query}: ${requested}`);
    let shown;
    index.rows(head.numbers, (rows) => (shown = rows));
    assert.deepEqual(requested.filter((f) => !f.includes("/heads/")), [], `${query} rows: ${requested}`);
    assert.deepEqual(shown, head.numbers.map((n) => recordsRow(data.products, n)), query);
    let again;
    index.search(query, {}, (answer) => (again = answer));
    assert.deepEqual([again.nbHits, again.numbers, again.complete], [head.nbHits, head.numbers, head.complete], `${query} twice`);
    assert.equal(head.complete, head.nbHits <= head.numbers.length, query);
    let whole;
    head.rest((answer) => (whole = answer));
    assert.ok(whole.complete && whole.nbHits === head.nbHits, query);
    assert.deepEqual(whole.numbers.slice(0, head.numbers.length), head.numbers, query);
    for (let i = 0; i < head.numbers.length; i++) {
      let row;
      index.rows([head.numbers[i]], ([r]) => (row = r));
      assert.deepEqual(head.highlight(row.name, i), whole.highlight(row.name, i), `${query} #${i}`);
    }
    assert.ok(requested.some((f) => f.includes("/postings/")), query);
  }
});

test("a prefetch loads the heads file of the first letters typed, and nothing for other texts", () => {
  for (const [query, files] of [["i", 1], ["IP", 1], ["iphone", 0], ["samsung gal", 0], ["", 0]]) {
    const { loader, requested } = siteLoader();
    const index = sharded.createClientIndex(data.products, loader);
    index.prefetch(query, null);
    assert.equal(requested.length, files, `${query}: ${requested}`);
    assert.ok(requested.every((f) => f.includes("/heads/")), `${query}: ${requested}`);
    // The search that follows reads what the prefetch loaded, and loads no more for the head
    // than a longer prefix's rows.
    if (files) {
      let head;
      index.search(query, {}, (answer) => (head = answer));
      assert.ok(head, query);
      assert.deepEqual(requested.slice(files).filter((f) => !f.includes("/heads/rows/")), [], `${query}: ${requested}`);
    }
  }
  // Under a scope the heads do not answer: no prefetch.
  const { loader, requested } = siteLoader();
  sharded.createClientIndex(data.products, loader).prefetch("i", ["categories", "Cell Phones"]);
  assert.deepEqual(requested, []);
});

test("the warm-up highlights made-up texts and loads nothing", () => {
  const { loader, requested } = siteLoader();
  sharded.createClientIndex(data.products, loader).warm();
  assert.deepEqual(requested, []);
});
