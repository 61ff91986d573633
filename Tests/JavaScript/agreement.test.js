// The page's JavaScript gives the Swift engine's answers: every case of fixtures/agreement.json
// (written and proven current by the Swift test AgreementFixtureTests) is answered again here.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const core = require("../../Templates/assets/js/typeahead-core.js");

const root = path.join(__dirname, "..", "..");
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "agreement.json"), "utf8"));
const readJSON = (name) => JSON.parse(fs.readFileSync(path.join(root, "Content", name), "utf8"));
const site = readJSON("site.json");
const attributes = site.searchableAttributes || ["name", "brand", "categories", "description"];
const parseRanking = (list) =>
  list.map((c) => ({ attribute: c.replace(/^(asc|desc)\(|\)$/g, ""), descending: c.startsWith("desc(") }));
const productRanking = parseRanking(site.customRanking || ["desc(popularity)"]);
// The site's snippet (`attributesToSnippet`: its first attribute, `name:words`).
const [snippetAttribute, snippetWords] = (site.attributesToSnippet || ["description"])[0].split(":");
const snippet = { attribute: snippetAttribute, words: Number(snippetWords || 10) };

const byID = (a, b) => core.compareCodePoints(a.objectID, b.objectID);
const products = readJSON("products.json").sort(byID).slice(0, fixture.productCount);
const suggestions = readJSON("query_suggestions.json").sort(byID);

const values = (v) => (typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);
const numberOrNull = (v) => (typeof v === "number" ? v : null);
const offered = new Set(fixture.offeredSuggestions);
const indices = {
  products: {
    records: products,
    attribute: "name",
    index: core.createIndex(
      products.map((p) => ({
        objectID: p.objectID,
        // A description is searched as its text, which the fixture gives where it is not the source.
        texts: attributes.map((a) =>
          values(a === "description" && p.objectID in fixture.descriptionTexts ? fixture.descriptionTexts[p.objectID] : p[a])
        ),
        customKey: productRanking.map((c) => numberOrNull(p[c.attribute])),
      })),
      productRanking
    ),
  },
  suggestions: {
    records: suggestions,
    attribute: "query",
    allowed: (record) => offered.has(suggestions[record].objectID),
    index: core.createIndex(
      suggestions.map((s) => ({ objectID: s.objectID, texts: [[s.query]], customKey: [numberOrNull(s.popularity)] })),
      [{ attribute: "popularity", descending: true }]
    ),
  },
};

test(`the JavaScript engine agrees with the Swift engine on all ${fixture.cases.length} cases`, () => {
  const differences = [];
  for (const c of fixture.cases) {
    const { records, attribute, index, allowed } = indices[c.index];
    // Each case's language: its index's, or the variant of the settings it names (contract version 3).
    const language = fixture.languages[c.language || c.index];
    assert.ok(language, `no language ${c.language || c.index}`);
    const result = core.search(index, c.query, { allowed, language });
    const hits = result.ranked.slice(0, 20).map((r) => records[r.record].objectID);
    const got = { nbHits: result.ranked.length, hits };
    const want = { nbHits: c.nbHits, hits: c.hits };
    if (result.ranked.length > 0) {
      const h = core.highlight(index, records[result.ranked[0].record][attribute], result, result.ranked[0].record);
      got.highlight = h.value;
      got.matchLevel = h.matchLevel;
      want.highlight = c.highlight;
      want.matchLevel = c.matchLevel;
    }
    if (c.cardSnippets !== undefined) {
      // Each card's snippet (docs/CONTRACT.md, Snippets), from the description's text as the index holds it.
      got.cardSnippets = result.ranked.slice(0, 20).map((r) => {
        const record = records[r.record];
        const name = core.highlight(index, record.name, result, r.record);
        const values = index.records[r.record].texts[attributes.indexOf(snippet.attribute)];
        return core.cardSnippet(name, values, (value) => core.highlight(index, value, result, r.record), snippet.words, "…");
      });
      want.cardSnippets = c.cardSnippets;
    }
    const removal = core.queryAfterRemoval(result, index);
    if (removal !== null) got.queryAfterRemoval = removal;
    if (c.queryAfterRemoval !== undefined) want.queryAfterRemoval = c.queryAfterRemoval;
    try {
      assert.deepEqual(got, want);
    } catch {
      differences.push(`${c.language || c.index} ${JSON.stringify(c.query)}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  }
  assert.equal(differences.length, 0, `${differences.length} differ:\n` + differences.slice(0, 8).join("\n"));
});
