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
});

test("highlighting escapes the record and marks the typed prefix", () => {
  const index = core.createIndex([{ objectID: "a", texts: [["<b>Apple</b> iPhone"]], customKey: [] }], []);
  const result = core.search(index, "iph");
  assert.equal(core.highlight(index, "<b>Apple</b> iPhone", result).value, "&lt;b&gt;Apple&lt;/b&gt; <em>iPh</em>one");
  assert.equal(core.reverseHighlight("iphone case", "iph"), "iph<em>one case</em>");
  assert.equal(core.reverseHighlight("<x> case", ""), "<em>&lt;x&gt; case</em>");
});
