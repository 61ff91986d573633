// The pure functions of typeahead-core.js, rule by rule (the same cases as the Swift tests).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../Templates/assets/js/typeahead-core.js");

test("normalisation: NFKD, marks dropped, locale-free lower case, final sigma, symbols separate", () => {
  assert.deepEqual(core.words("Café cafe\u0301"), ["cafe", "cafe"]);
  assert.deepEqual(core.words("ﬁle ＡＢＣ１２"), ["file", "abc12"]);
  assert.deepEqual(core.words("İstanbul STRASSE straße"), ["istanbul", "strasse", "straße"]);
  assert.deepEqual(core.words("ΟΔΥΣΣΕΥΣ οδυσσευς"), ["οδυσσευσ", "οδυσσευσ"]);
  assert.deepEqual(core.words("Insignia™ Apple® phone📱case"), ["insignia", "apple", "phone", "case"]);
  assert.deepEqual(core.words("4G-LTE iPhone8 men's USB-C"), ["4g", "lte", "iphone8", "men", "s", "usb", "c"]);
  assert.deepEqual(core.words("手机 壳"), ["手机", "壳"]);
  assert.equal(core.normalize("  iPhone  8 "), "iphone 8");
});

test("edit distance: insert, delete, substitute, swap; OSA edits no substring twice", () => {
  const d = (a, b) => core.distance(core.points(a), core.points(b));
  assert.equal(d("iphone", "iphone"), 0);
  assert.equal(d("iphone", "iphon"), 1);
  assert.equal(d("iphone", "ipohne"), 1);
  assert.equal(d("ca", "abc"), 3);
  assert.deepEqual(core.prefixDistance(core.points("iphn"), core.points("iphone")), { distance: 1, length: 5 });
  assert.deepEqual([0, 3, 4, 7, 8].map(core.allowedTypos), [0, 0, 1, 1, 2]);
});

test("keys compare by code points, as the site sorts them", () => {
  assert.ok(core.compareCodePoints("\uFF41", "\u{1F4F1}") < 0); // UTF-16 order would say otherwise
  assert.ok(core.compareCodePoints("iph", "iphone") < 0);
  // Against the order of the strings' code points, read whole, over many strings of units from
  // every range that orders differently in UTF-16 (ASCII, accents, surrogates' neighbours, emoji).
  const alphabet = ["a", "b", "é", "\u00FF", "\uD7FF", "\uE000", "\uFF41", "\uFFFF", "\u{10000}", "\u{1F4F1}", "\u{10FFFF}"];
  // Park–Miller: exact in doubles (a product below 2^53), so every length and letter comes up.
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  const text = () => Array.from({ length: next() % 4 }, () => alphabet[next() % alphabet.length]).join("");
  const byPoints = (a, b) => {
    const x = core.points(a);
    const y = core.points(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return Math.sign(x[i] - y[i]);
    return Math.sign(x.length - y.length);
  };
  let surrogateAgainstOther = 0;
  for (let k = 0; k < 5000; k++) {
    const [a, b] = [text(), text()];
    assert.equal(Math.sign(core.compareCodePoints(a, b)), byPoints(a, b), JSON.stringify([a, b]));
    const [x, y] = [core.points(a)[0], core.points(b)[0]];
    if (x > 0xffff && y >= 0xe000 && y <= 0xffff) surrogateAgainstOther += 1;
  }
  // The case UTF-16 order gets wrong was met many times.
  assert.ok(surrogateAgainstOther > 100, String(surrogateAgainstOther));
});

test("highlighting escapes the record and marks the typed prefix", () => {
  const index = core.createIndex([{ objectID: "a", texts: [["<b>Apple</b> iPhone"]], customKey: [] }], []);
  const result = core.search(index, "iph");
  assert.equal(core.highlight(index, "<b>Apple</b> iPhone", result, 0).value, "&lt;b&gt;Apple&lt;/b&gt; <em>iPh</em>one");
  assert.equal(core.reverseHighlight("iphone case", "iph"), "iph<em>one case</em>");
  assert.equal(core.reverseHighlight("<x> case", ""), "<em>&lt;x&gt; case</em>");
});

test("contract version 2: a typo on the first letter counts as two", () => {
  const t = (a, b) => core.typos(core.points(a), core.points(b));
  const p = (a, b) => core.prefixTypos(core.points(a), core.points(b));
  assert.equal(t("iphone", "phone"), 2); // one deletion, at the first letter
  assert.equal(t("yphone", "iphone"), 2); // one substitution, at the first letter
  assert.equal(t("iphnoe", "iphone"), 1); // one swap, not at the first letter
  assert.equal(t("jeadphones", "headphones"), 2); // 10 letters may have 2 typos
  assert.equal(p("iphn", "iphone"), 1);
  assert.equal(p("phon", "iphone"), 2);
  const index = core.createIndex(
    ["phone", "iphone", "headphones", "cast"].map((w, i) => ({ objectID: String(i), texts: [[w]], customKey: [] })),
    []
  );
  const ids = (q) => core.search(index, q).ranked.map((r) => index.records[r.record].objectID).sort();
  assert.deepEqual(ids("iphone"), ["1"]); // not "phone"
  assert.deepEqual(ids("yphone"), []); // 6 letters allow 1 typo; a first-letter one counts 2
  assert.deepEqual(ids("iphnoe"), ["1"]);
  assert.deepEqual(ids("jeadphones"), ["2"]); // 10 letters: 2 typos allowed
  assert.deepEqual(ids("jeadphone"), ["2"]); // last word: to the closest prefix, "headphone"
  assert.deepEqual(ids("phon"), ["0"]); // a prefix of "phone", and 2 typos from "iphone"'s prefixes
});

test("contract version 2: a query word is placed by its best matches only", () => {
  // "case" matches "cast" with a typo early and "case" exactly late: placed at "case".
  const index = core.createIndex(
    [
      { objectID: "a", texts: [["Cast iron pan case"], ["Acme"]], customKey: [] },
      { objectID: "b", texts: [["Pan", "Leather case"], ["Cast"]], customKey: [] },
    ],
    []
  );
  const result = core.search(index, "case");
  const a = result.ranked.find((r) => index.records[r.record].objectID === "a");
  assert.equal(a.typos, 0);
  assert.equal(a.position, 3); // the word "case", not "cast" at 0
  const b = result.ranked.find((r) => index.records[r.record].objectID === "b");
  assert.equal(b.attribute, 0); // placed in the name, though "Cast" is a whole brand value
  // Highlighting shows placed matches only.
  assert.equal(core.highlight(index, "Cast iron pan case", result, 0).value, "Cast iron pan <em>case</em>");
  // Proximity uses placed matches: "pan case" is adjacent at "pan case", not via "cast".
  const two = core.search(index, "pan case").ranked.find((r) => index.records[r.record].objectID === "a");
  assert.equal(two.proximity, 1);
});

test("the placeholder of a product without a picture: the same table as the Swift test", () => {
  const table = require("./fixtures/placeholders.json");
  for (const row of table) {
    assert.deepEqual(core.placeholder(row.brand, row.name), { initial: row.initial, tone: row.tone }, JSON.stringify(row));
  }
});

test("a price as the build writes it: the same table as the Swift test", () => {
  const table = require("./fixtures/prices.json");
  assert.ok(table.length > 10);
  for (const row of table) assert.equal(core.formatPrice(row.price, row.currency), row.text, JSON.stringify(row));
});

test("counts are grouped by three digits, as the build writes them (the Swift `grouped`)", () => {
  const cases = [[0, "0"], [7, "7"], [999, "999"], [1000, "1,000"], [15339, "15,339"], [100000, "100,000"], [1234567, "1,234,567"], [-1234, "-1,234"]];
  for (const [value, text] of cases) assert.equal(core.groupDigits(value), text);
  // The same text `toLocaleString("en")` gave, which the page no longer calls (see groupDigits).
  for (const value of [0, 12, 345, 6789, 10000, 987654321]) assert.equal(core.groupDigits(value), value.toLocaleString("en"));
});

test("a text's highlighted words are its normalised words, ASCII (a fast path) or not, with their spans", () => {
  const texts = [];
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    texts.push(`x${ch}y Ab${ch}9 ${ch}Z${ch}`);
  }
  texts.push("Apple® iPhone® 7 – Jet Black (Sprint)", "Café CAFE\u0301 ﬁle ＡＢＣ１２ straße ΟΔΥΣΣΕΥΣ 手机 壳 phone📱case", "4G-LTE men's USB-C");
  for (const text of texts) {
    const chars = Array.from(text);
    const found = core.sourceWords(chars);
    assert.deepEqual(found.map((w) => w.text), core.words(text), JSON.stringify(text));
    for (const w of found) {
      assert.equal(core.words(chars.slice(w.start, w.end).join("")).join(""), w.text, JSON.stringify(text));
    }
  }
});

test("a snippet is cut as the engine cuts it (SnippetTests.swift, docs/CONTRACT.md, Snippets)", () => {
  const lit = (value, matchLevel = "partial") => ({ value, matchLevel, matchedWords: ["x"] });
  assert.deepEqual(core.snippet(lit(" a  <em>b</em>\tc "), 3, "…"), { value: " a  <em>b</em>\tc ", matchLevel: "partial" });
  const value = "one two three four five six <em>seven</em> eight nine ten eleven twelve";
  assert.equal(core.snippet(lit(value), 4, "…").value, "… six <em>seven</em> eight nine …");
  assert.equal(core.snippet(lit(value), 8, "…").value, "… five six <em>seven</em> eight nine ten eleven twelve");
  assert.equal(core.snippet(lit("<em>one</em> two three four five six"), 3, "…").value, "<em>one</em> two three …");
  assert.equal(core.snippet(lit("one two three four five six seven <em>eight</em>"), 4, "…").value, "… five six seven <em>eight</em>");
  assert.deepEqual(core.snippet(lit("a b c d e", "none"), 2, "…"), { value: "a b …", matchLevel: "none" });
  const escaped = "&lt;b&gt; x&amp;y one <em>two</em> three";
  assert.equal(core.snippet(lit(escaped), 2, "<…>").value, "&lt;…&gt; <em>two</em> three");
  assert.equal(core.snippet(lit(escaped), 3, "<…>").value, "&lt;…&gt; one <em>two</em> three");
});

test("a card shows the snippet of a description that matches a word its name does not", () => {
  const name = { value: "<em>Samsung</em> 55 inch", matchLevel: "partial", matchedWords: ["samsung"] };
  const highlights = {
    "a tv b": { value: "a <em>tv</em> b", matchLevel: "partial", matchedWords: ["tv"] },
    "a samsung b": { value: "a <em>samsung</em> b", matchLevel: "partial", matchedWords: ["samsung"] },
  };
  const of = (value) => highlights[value];
  assert.equal(core.cardSnippet(name, ["a samsung b", "a tv b"], of, 4, "…"), "a <em>tv</em> b");
  assert.equal(core.cardSnippet(name, ["a samsung b"], of, 4, "…"), null);
  assert.equal(core.cardSnippet({ ...name, matchLevel: "full" }, ["a tv b"], of, 4, "…"), null);
});
