// Contract version 3, "The shop's language" (docs/CONTRACT.md), rule by rule in typeahead-core.js:
// plurals, synonyms, splitting and concatenation, optional words and removeWordsIfNoResults, the
// words criterion, where alternatives are placed and how they are highlighted, queryAfterRemoval.
// The cases are Sources' LanguageTests.swift's where there is one. Then the client index
// (typeahead-index.js) over a small site made here in memory, for what the sample site never
// needs: a precomputed answer with words made optional, a split the engine chose elsewhere, a
// short word whose synonym costs a typo.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const core = require("../../Templates/assets/js/typeahead-core.js");
const sharded = require("../../Templates/assets/js/typeahead-index.js");
const combobox = require("../../Templates/assets/js/typeahead-combobox.js");

// The English table as the Swift side writes it (PluralTable.json), from the agreement fixture.
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "agreement.json"), "utf8"));
const english = fixture.languages.products.plurals[0];

/** A language as QueryLanguage.json writes it: Swift's defaults (no plurals, no removal), changed by `fields`. */
function language(fields = {}) {
  return {
    plurals: [],
    alternativesAsExact: ["ignorePlurals", "singleWordSynonym"],
    removeWordsIfNoResults: "none",
    optionalWords: [],
    synonyms: [],
    splitsAndJoins: true,
    ...fields,
  };
}

/**
 * synonyms.json's records as `Synonyms.json` writes them: `[[member, [[alternative, typos], …]], …]`,
 * each member's alternatives once (the cheapest), sorted, members in code-point order.
 */
function synonymTable(records) {
  const table = new Map();
  const add = (member, alternative, typos) => {
    if (member.join(" ") === alternative.join(" ")) return;
    const key = member.join(" ");
    const list = table.get(key) || [];
    const same = list.find((a) => a[0] === alternative.join(" "));
    if (same) same[1] = Math.min(same[1], typos);
    else list.push([alternative.join(" "), typos]);
    list.sort((a, b) => core.compareCodePoints(a[0], b[0]) || a[1] - b[1]);
    table.set(key, list);
  };
  for (const r of records) {
    if (r.type === "synonym") for (const a of r.synonyms) for (const b of r.synonyms) add(core.words(a), core.words(b), 0);
    if (r.type === "oneWaySynonym") for (const b of r.synonyms) add(core.words(r.input), core.words(b), 0);
    if (r.type.startsWith("altCorrection")) for (const b of r.corrections) add(core.words(r.word), core.words(b), Number(r.type.slice(-1)));
  }
  return Array.from(table.keys())
    .sort(core.compareCodePoints)
    .map((member) => [member, table.get(member)]);
}

/** An index of products with these names (objectIDs p00, p01…, equal popularity: objectID order). */
function catalogue(names) {
  return core.createIndex(
    names.map((name, i) => ({ objectID: "p" + String(i).padStart(2, "0"), texts: [[name]], customKey: [0] })),
    [{ attribute: "popularity", descending: true }]
  );
}

const ranked = (index, query, lang) => core.search(index, query, { language: lang }).ranked;
const names = (index, query, lang) => ranked(index, query, lang).map((r) => index.records[r.record].texts[0][0]);
/** The highlight of the first hit, or of the hit named `name`. */
const first = (index, query, lang, name) => {
  const result = core.search(index, query, { language: lang });
  const r = name === undefined ? result.ranked[0] : result.ranked.find((h) => index.records[h.record].texts[0][0] === name);
  return core.highlight(index, index.records[r.record].texts[0][0], result, r.record).value;
};

// MARK: Plurals

test("plurals: singular and plural forms find each other, irregular ones included (the table is data)", () => {
  const pairs = [
    ["case", "cases"], ["battery", "batteries"], ["watch", "watches"], ["knife", "knives"], ["mouse", "mice"],
    ["child", "children"], ["accessory", "accessories"], ["glass", "glasses"], ["box", "boxes"], ["lens", "lenses"],
  ];
  for (const [one, many] of pairs) {
    assert.ok(core.forms(english, one).includes(many), `${one} → ${many}: ${core.forms(english, one)}`);
    assert.ok(core.forms(english, many).includes(one), `${many} → ${one}: ${core.forms(english, many)}`);
    assert.equal(core.singular(english, many), one);
  }
  // Words that only look plural are their own singular.
  for (const word of ["glass", "series", "news", "ios", "gps", "lens", "plus", "bus", "tvs", "s7"]) {
    assert.equal(core.singular(english, word), word, word);
  }
  // A word is never its own form; forms come in code-point order and share the word's singular.
  for (const word of ["case", "mice", "series", "knife", "halves", "box", "watch", "ios", "café"]) {
    const list = core.forms(english, word);
    assert.ok(!list.includes(word), word);
    assert.deepEqual(list, [...list].sort(core.compareCodePoints), word);
    for (const form of list) assert.equal(core.singular(english, form), core.singular(english, word), `${word}: ${form}`);
  }
  assert.deepEqual(core.forms(english, "series"), []);
  // Short words and words outside the alphabet have no rule (lengths count code points).
  assert.equal(core.singular(english, "gas"), "gas");
  assert.equal(core.singular(english, "cafés"), "cafés");
  assert.equal(core.singular(english, "𝒶bcs"), "𝒶bcs");
});

test("ignorePlurals: a form matches at 0 typos and counts as exact when alternativesAsExact says so", () => {
  const index = catalogue(["Speaker Wire", "Speakers", "Wireless Mouse", "Microphone"]);
  const en = language({ plurals: [english] });
  const speakers = ranked(index, "speakers", en);
  assert.equal(speakers.length, 2);
  assert.ok(speakers.every((r) => r.typos === 0));
  // `speaker` finds "Speakers" as a whole word, exact (a whole value), not as a prefix.
  const speaker = ranked(index, "speaker", en);
  assert.equal(index.records[speaker[0].record].texts[0][0], "Speakers");
  assert.equal(speaker[0].exact, 1);
  assert.equal(first(index, "speaker", en), "<em>Speakers</em>");
  assert.deepEqual(names(index, "speaker", { ...en, alternativesAsExact: [] }), ["Speaker Wire", "Speakers"]);
  // `mic` does not find "Mouse"; `mice` does, at 0 typos, before typo matches.
  assert.deepEqual(names(index, "mic", en), ["Microphone"]);
  assert.deepEqual(names(index, "mice", en), ["Wireless Mouse", "Microphone"]);
  assert.deepEqual(names(index, "mice", language()), ["Microphone"]);
  // No language at all is contract version 2: no alternative.
  assert.deepEqual(names(index, "mice", null), ["Microphone"]);
});

// MARK: Synonyms

test("synonyms: two-way, one-way, alternative corrections at their typos, several-word members and alternatives", () => {
  const synonyms = synonymTable([
    { type: "synonym", synonyms: ["tv", "television"] },
    { type: "oneWaySynonym", input: "cover", synonyms: ["case"] },
    { type: "altCorrection1", word: "iwatch", corrections: ["apple watch"] },
    { type: "altCorrection2", word: "fone", corrections: ["phone"] },
    { type: "synonym", synonyms: ["cell phone", "smartphone"] },
  ]);
  const index = catalogue([
    "Samsung Television", "TV Stand", "Phone Case", "Phone Cover", "Apple Watch Band", "Watch for Apple", "Unlocked Smartphone", "Cell Phone Holder",
  ]);
  const lang = language({ synonyms });
  const set = (query) => new Set(names(index, query, lang));
  assert.deepEqual(set("tv"), new Set(["Samsung Television", "TV Stand"]));
  assert.deepEqual(set("television"), new Set(["Samsung Television", "TV Stand"]));
  // One way: `cover` finds cases; `case` does not find covers.
  assert.deepEqual(set("cover"), new Set(["Phone Cover", "Phone Case"]));
  assert.deepEqual(names(index, "case", lang), ["Phone Case"]);
  // A several-word alternative: adjacent and in order ("Watch for Apple" is not), at its 1 typo,
  // its words highlighted whole.
  assert.deepEqual(names(index, "iwatch", lang), ["Apple Watch Band"]);
  assert.equal(ranked(index, "iwatch", lang)[0].typos, 1);
  assert.equal(first(index, "iwatch", lang), "<em>Apple</em> <em>Watch</em> Band");
  // altCorrection2: at 2 typos (more than `fone` is allowed by itself).
  assert.deepEqual(names(index, "fone", lang), ["Phone Case", "Phone Cover", "Cell Phone Holder"]);
  assert.ok(ranked(index, "fone", lang).every((r) => r.typos === 2));
  // A run of query words equal to a member; the last word only when complete.
  assert.deepEqual(set("cell phone"), new Set(["Unlocked Smartphone", "Cell Phone Holder"]));
  assert.deepEqual(names(index, "cell pho", lang), ["Cell Phone Holder"]);
  assert.deepEqual(set("smartphone"), new Set(["Unlocked Smartphone", "Cell Phone Holder"]));
  // A one-word synonym at 0 typos is exact (singleWordSynonym), a several-word one only with multiWordsSynonym.
  assert.equal(ranked(index, "television", lang).find((r) => index.records[r.record].texts[0][0] === "TV Stand").typos, 0);
  const exactOf = (lang2) => ranked(index, "cell phone", lang2).find((r) => index.records[r.record].texts[0][0] === "Unlocked Smartphone").exact;
  assert.equal(exactOf(lang), 2); // "smartphone" for both words, one-word, exact
  const phrase = catalogue(["Smartphone Stand", "Cell Phone Stand"]);
  const stand = (kinds) => ranked(phrase, "smartphone", language({ synonyms, alternativesAsExact: kinds })).find((r) => r.record === 1);
  assert.equal(stand(["singleWordSynonym"]).exact, 0);
  assert.equal(stand(["multiWordsSynonym"]).exact, 0); // one word: the single-word rule wants a whole value
  const two = (kinds) => ranked(phrase, "smartphone stand", language({ synonyms, alternativesAsExact: kinds })).find((r) => r.record === 1).exact;
  assert.equal(two(["singleWordSynonym"]), 1); // only "stand"
  assert.equal(two(["multiWordsSynonym"]), 2); // and the phrase "cell phone"
});

// MARK: Splitting and concatenation

test("splitting: a word finds its two parts adjacent and in order, at 1 typo, after the word as typed", () => {
  const index = catalogue(["Smart Phone Stand", "Smartphone Grip", "Phone Smart Ring", "USB-C Cable"]);
  const lang = language();
  assert.deepEqual(names(index, "smartphone", lang), ["Smartphone Grip", "Smart Phone Stand"]);
  assert.equal(ranked(index, "smartphone", lang)[1].typos, 1);
  assert.equal(first(index, "usbc", lang), "<em>USB</em>-<em>C</em> Cable");
  assert.equal(core.search(index, "usbc", { language: lang, typoTolerance: false }).ranked.length, 0, "no split without typos");
  const phrases = (lang2, options) => core.queryMatchers(index, "usbc", { language: lang2, ...options }).matchers[0].phrases.length;
  assert.equal(phrases(lang), 1);
  assert.equal(phrases({ ...lang, splitsAndJoins: false }), 0, "none without splitsAndJoins");
  assert.equal(phrases(lang, { typoTolerance: false }), 0, "none without typos");
  // The split in the most records (then the shorter first part); none found in any record is not taken.
  const many = catalogue(["US BC one", "USB C two", "USB C three", "usbx"]);
  const split = (query) => {
    const parts = core.bestSplit(many, core.points(query));
    return parts && parts.map((id) => Array.from(many.vocabulary).find(([, v]) => v === id)[0]).join(" ");
  };
  assert.equal(split("usbc"), "usb c");
  assert.equal(split("usbx"), null); // "us" and "bx"… no adjacent pair
  assert.equal(split("cone"), null); // "c" and "one" are words, never adjacent in this order
  assert.equal(split("twousb"), null);
  assert.deepEqual(core.splitCandidates(many, core.points("usbc")).length, 2);
  const tie = catalogue(["US BC", "USB C"]);
  assert.equal(tie.spelled[core.bestSplit(tie, core.points("usbc"))[0]].length, 2, "a tie: the shorter first part");
  // A phrase is placed at its first word for the attribute criterion and the pair before it, at its
  // last word for the pair after it.
  const placed = catalogue(["Grip for Smart Phone case"]);
  const r = ranked(placed, "smartphone case", lang)[0];
  assert.deepEqual([r.typos, r.proximity, r.position], [1, 1, 2]);
  assert.equal(ranked(placed, "for smartphone", lang)[0].proximity, 1);
});

test("concatenation: two or three words find their join at 1 typo; the last word's join as a prefix", () => {
  const index = catalogue(["OtterBox Defender", "Apple iPhone 7", "Otter Pop Box"]);
  const lang = language();
  assert.deepEqual(names(index, "otter box", lang), ["Otter Pop Box", "OtterBox Defender"]);
  assert.deepEqual(ranked(index, "otter box", lang).map((r) => r.typos), [0, 1]);
  assert.ok(names(index, "otter bo", lang).includes("OtterBox Defender"));
  assert.equal(first(index, "otter bo", lang), "<em>Otter</em> Pop <em>Bo</em>x");
  assert.equal(first(index, "otter bo", lang, "OtterBox Defender"), "<em>OtterBox</em> Defender");
  assert.equal(first(index, "defender otter bo", lang), "<em>OtterBox</em> <em>Defender</em>");
  assert.deepEqual(names(index, "i phone", lang), ["Apple iPhone 7"]);
  assert.deepEqual(names(index, "i pho", lang), ["Apple iPhone 7"]);
  // The joined word is highlighted whole for each query word, never as a prefix.
  assert.equal(first(index, "i pho", lang), "Apple <em>iPhone</em> 7");
  assert.deepEqual(names(index, "a p p l e", lang), [], "at most three words join");
  assert.deepEqual(names(index, "i pho", { ...lang, splitsAndJoins: false }), []);
  assert.deepEqual(core.search(index, "i phone", { language: lang, typoTolerance: false }).ranked, []);
  // Three words: "ot ter box" joins into "otterbox" (and its first two into "otter").
  const three = catalogue(["Otterbox Commuter", "Otter Box", "Box Otter"]);
  assert.deepEqual(
    ranked(three, "ot ter box", lang).map((r) => [three.records[r.record].texts[0][0], r.typos, r.proximity]),
    [["Otterbox Commuter", 1, 0], ["Otter Box", 1, 1], ["Box Otter", 1, 1]]
  );
});

// MARK: Optional words

test("removeWordsIfNoResults: each mode, one step at a time, and the words criterion", () => {
  const index = catalogue(["Acer Laptop", "Laptop Sleeve Black", "HDMI Cable Black", "Cheap Charger"]);
  const mode = (removeWordsIfNoResults) => language({ removeWordsIfNoResults });
  assert.deepEqual(names(index, "cheap laptop", mode("none")), []);
  // lastWords: `laptop` optional first: `cheap` alone finds one.
  assert.deepEqual(names(index, "cheap laptop", mode("lastWords")), ["Cheap Charger"]);
  assert.deepEqual(names(index, "laptop cheap", mode("firstWords")), ["Cheap Charger"]);
  assert.deepEqual(names(index, "laptop sleeve red", mode("lastWords")), ["Laptop Sleeve Black"]);
  // firstWords: `laptop`, then `sleeve`, then `red` optional: every word optional at last.
  assert.deepEqual(names(index, "laptop sleeve red", mode("firstWords")), ["Laptop Sleeve Black", "Acer Laptop"]);
  // allOptional: all at once; more matched words first.
  const all = core.search(index, "laptop black sleeve xyz", { language: mode("allOptional") });
  assert.deepEqual(all.ranked.map((r) => index.records[r.record].texts[0][0]), ["Laptop Sleeve Black", "Acer Laptop", "HDMI Cable Black"]);
  assert.deepEqual(all.ranked.map((r) => r.words), [3, 1, 1]);
  assert.equal(all.wordsRemoved, true);
  assert.deepEqual(all.optional, [true, true, true, true]);
  // One word: with every word optional it must still match.
  const none = core.search(index, "xyzzy", { language: mode("lastWords") });
  assert.deepEqual([none.ranked.length, none.wordsRemoved], [0, true]);
  assert.equal(core.queryAfterRemoval(none, index), "<em>xyzzy</em>");
  // Hits with every word: nothing removed.
  const found = core.search(index, "laptop", { language: mode("lastWords") });
  assert.equal(found.wordsRemoved, false);
  assert.equal(core.queryAfterRemoval(found, index), null);
  assert.deepEqual(core.removalSteps("lastWords", [false, true, false]), [[2], [0]]);
  assert.deepEqual(core.removalSteps("firstWords", [false, true, false]), [[0], [2]]);
  assert.deepEqual(core.removalSteps("allOptional", [false, true, false]), [[0, 2]]);
  assert.deepEqual(core.removalSteps("allOptional", [true]), []);
  assert.deepEqual(core.removalSteps("none", [false]), []);
});

test("the words criterion comes after typo and before proximity; typo and proximity count matched words only", () => {
  const index = catalogue(["Laptop Stand Black", "Laptp Black Stand", "Black Stand"]);
  const all = ranked(index, "laptop stand black xyz", language({ removeWordsIfNoResults: "allOptional" }));
  const named = all.map((r) => [index.records[r.record].texts[0][0], r.typos, r.words, r.proximity]);
  assert.deepEqual(named, [
    ["Laptop Stand Black", 0, 3, 2], // xyz matches nothing: its pair adds nothing
    ["Black Stand", 0, 2, 1], // fewer words, but no typo: before the typo
    ["Laptp Black Stand", 1, 3, 3],
  ]);
});

test("optionalWords: a record need not match them; matching them ranks first", () => {
  const index = catalogue(["iPhone Case", "iPhone Charger", "Galaxy Case"]);
  const lang = language({ optionalWords: ["case"] });
  assert.deepEqual(names(index, "iphone case", lang), ["iPhone Case", "iPhone Charger"]);
  assert.deepEqual(ranked(index, "iphone case", lang).map((r) => r.words), [2, 1]);
  // An optional word alone still has to match something.
  assert.deepEqual(names(index, "case", lang), ["iPhone Case", "Galaxy Case"]);
  // Not removed: no queryAfterRemoval.
  assert.equal(core.queryAfterRemoval(core.search(index, "iphone case", { language: lang }), index), null);
});

test("queryAfterRemoval: the words, HTML-escaped, those the first hit does not match in <em>", () => {
  const index = catalogue(["Acer Laptop", "Laptop Sleeve Black", "HDMI Cable Black", "Cheap Charger"]);
  const lang = language({ removeWordsIfNoResults: "lastWords" });
  const hostile = 'laptop sleeve <red onmouseover="alert(1)">';
  const result = core.search(index, hostile, { language: lang });
  assert.equal(core.queryAfterRemoval(result, index), "laptop sleeve <em>red</em> <em>onmouseover</em> <em>alert</em> <em>1</em>");
  // Words are letters and digits, but the text is escaped all the same.
  assert.equal(core.removalText(["<b>", "a&b", "\"'"], [true, false, false]), "<em>&lt;b&gt;</em> a&amp;b &quot;&#39;");
  assert.equal(core.removalText(["a"], null), null);
  // allOptional: every word made optional, and those the first hit matches are not dropped.
  const all = core.search(index, "cheap laptop", { language: language({ removeWordsIfNoResults: "allOptional" }) });
  assert.equal(index.records[all.ranked[0].record].texts[0][0], "Laptop Sleeve Black");
  assert.deepEqual(core.droppedWords(all, core.placedTypos(index, all.ranked[0].record, all.matchers)), [true, false]);
  assert.equal(core.queryAfterRemoval(all, index), "<em>cheap</em> laptop");
  // The page says it as text (set with textContent), the shopper's text as typed.
  assert.equal(combobox.removalNote("  Cheap Laptop ", ["cheap", "laptop"], [true, false], 3), "No results for “Cheap Laptop”; showing results for “laptop”");
  assert.equal(combobox.removalNote("<img src=x onerror=alert(1)> tv", ["img", "src", "x", "onerror", "alert", "1", "tv"], [true, true, true, true, true, true, false], 1), "No results for “<img src=x onerror=alert(1)> tv”; showing results for “tv”");
  assert.equal(combobox.removalNote("laptop", ["laptop"], null, 3), null);
  assert.equal(combobox.removalNote("xyzzy", ["xyzzy"], [true], 0), null, "nothing found: the empty state says so");
  assert.equal(combobox.removalNote("a b", ["a", "b"], [false, false], 2), null);
});

test("an id both direct and alternative matches at the smaller distance, highlighted whole when the alternative decides", () => {
  // `case` is a prefix of "cases" (0 typos) and its plural (0): whole; "casts" is a typo, not a form.
  const index = catalogue(["Cases and Casts"]);
  const lang = language({ plurals: [english] });
  const m = core.queryMatchers(index, "case", { language: lang }).matchers[0];
  const id = (w) => index.vocabulary.get(w);
  assert.equal(m.distances.get(id("cases")), 0);
  assert.ok(m.whole.has(id("cases")) && !m.whole.has(id("casts")));
  assert.ok(m.exactWords.has(id("cases")));
  assert.equal(first(index, "case", lang), "<em>Cases</em> and Casts");
  assert.equal(first(index, "case", language()), "<em>Case</em>s and Casts");
  assert.equal(first(index, "cas", lang), "<em>Cas</em>es and <em>Cas</em>ts");
});

// MARK: The client index over a site made in memory

/**
 * A client index's files for `records` (`{name, description}`, numbered in order: record i is
 * number i), made as the build writes them, with the precomputed answers of `answered` (the
 * engine's, here typeahead-core's, which agree) and the heads of the one- and two-letter
 * prefixes `heads`.
 */
function memorySite(records, lang, answered = [], heads = []) {
  const base = "data/products/";
  const attributes = ["name", "description"];
  const index = core.createIndex(
    records.map((r, i) => ({ objectID: "o" + i, texts: attributes.map((a) => (r[a] ? [r[a]] : [])), customKey: [records.length - i] })),
    [{ attribute: "popularity", descending: true }]
  );
  const files = new Map();
  const add = (name, payload) => files.set(name + ".js", [...(files.get(name + ".js") || []), [name, payload]]);
  const vocabulary = Array.from(index.vocabulary.keys()).sort(core.compareCodePoints);
  add(base + "words/w0", vocabulary.map((w) => [w, "p0"]));
  const tail = (w) => Array.from(w).slice(1).join("");
  add(base + "tails/t0", [...vocabulary].sort((a, b) => core.compareCodePoints(tail(a), tail(b))).map((w) => [w, "p0"]));
  add(
    base + "postings/p0",
    vocabulary.map((word) => {
      const id = index.vocabulary.get(word);
      const flat = [];
      let previous = 0;
      index.occurrences.forEach((list, r) => {
        const places = list.filter((o) => o.word === id);
        if (places.length === 0) return;
        flat.push(r - previous, 2 * places.length + (index.soleWords[r].has(id) ? 1 : 0), ...places.flatMap((o) => [o.attribute, o.position]));
        previous = r;
      });
      return [word, flat];
    })
  );
  const row = (i) => ["o" + i, records[i].name];
  for (let b = 0; b * 16 < records.length; b++) add(base + "records/" + b, records.slice(b * 16, b * 16 + 16).map((_, k) => row(b * 16 + k)));
  const lines = answered
    .map((text) => core.normalize(text))
    .sort(core.compareCodePoints)
    .map((text) => {
      const result = core.search(index, text, { language: lang });
      const page = result.ranked.slice(0, 20);
      const codes = page.map((r) => core.placedTypos(index, r.record, result.matchers).reduceRight((code, t) => code * 4 + Math.min(t, 3), 0));
      const line = [text, result.ranked.length, page.map((r) => r.record), codes];
      if (result.wordsRemoved) line.push(result.optional.reduce((bits, o, i) => bits | (o ? 1 << i : 0), 0));
      return line;
    });
  if (lines.length > 0) {
    add(base + "answers/pages/p0", [[lines[0][0], "a0"]]);
    add(base + "answers/a0", lines);
    add(base + "answers/rows/a0", Array.from(new Set(lines.flatMap((l) => l[2])), (n) => [n, ...row(n)]));
  }
  const hex = (text) => Buffer.from(text).toString("hex");
  // A letter's file opens with its first page's rows, then the heads of its prefixes; a longer
  // prefix's rows are a file of their own.
  const letters = Array.from(new Set(heads.map((prefix) => Array.from(prefix)[0]))).sort(core.compareCodePoints);
  for (const letter of letters) {
    const lines = [];
    for (const prefix of [letter, ...heads.filter((h) => h !== letter && h.startsWith(letter))]) {
      const page = core.search(index, prefix, { language: lang }).ranked;
      const rowsOf = page.slice(0, 20).map((r) => [r.record, ...row(r.record)]);
      lines.push([prefix, page.length, ...page.slice(0, 20).map((r) => r.record)]);
      if (prefix === letter) add(base + "heads/" + hex(letter) + "/rows", rowsOf);
      else add(base + "heads/rows/" + hex(prefix), rowsOf);
    }
    add(base + "heads/" + hex(letter), lines);
  }
  const manifest = {
    base, count: records.length, bucket: 16, fields: ["objectID", "name"], words: [["", "w0"]], tails: [["", "t0"]], scopes: [],
    headLength: 3, heads: letters.map(hex), letterHeadLength: 2,
    answers: lines.length > 0 ? [[lines[0][0], "pages/p0"]] : [], answerLevels: 1, language: lang,
  };
  const requested = [];
  const loader = sharded.createLoader((src) => {
    requested.push(src);
    if (!files.has(src)) return loader.failed(src);
    for (const [name, payload] of files.get(src)) loader.register(name, JSON.parse(JSON.stringify(payload)));
  });
  return { index, lines, client: sharded.createClientIndex(manifest, loader), requested };
}

/** A query's answer through the client index (synchronous: the files are in memory), with its first hit's highlight. */
function askClient(site, query, options = {}) {
  let out;
  site.client.search(query, options, (answer) => {
    site.client.rows(answer.numbers, (rows) => {
      out = { answer, nbHits: answer.nbHits, numbers: answer.numbers, highlights: rows.map((r, i) => answer.highlight(r.name, i).value), queryAfterRemoval: answer.queryAfterRemoval, dropped: answer.dropped };
    });
  });
  assert.ok(out, query);
  return out;
}

/** The same through typeahead-core over the whole index. */
function askCore(site, query, lang, options = {}) {
  const result = core.search(site.index, query, { language: lang, ...options });
  return {
    nbHits: result.ranked.length,
    numbers: result.ranked.map((r) => r.record),
    highlights: result.ranked.map((r) => core.highlight(site.index, site.index.records[r.record].texts[0][0], result, r.record).value),
    queryAfterRemoval: core.queryAfterRemoval(result, site.index),
  };
}

const pick = (o) => ({ nbHits: o.nbHits, numbers: o.numbers, highlights: o.highlights, queryAfterRemoval: o.queryAfterRemoval });

test("client index: computed answers read every alternative's words and give the engine's answer", () => {
  const records = [
    { name: "Speakers for TV", description: "speaker wire" }, { name: "Smart Phone Stand" }, { name: "Smartphone Grip" },
    { name: "USB-C Cable", description: "type c" }, { name: "OtterBox Defender" }, { name: "Otter Pop Box" }, { name: "Wireless Mouse" },
    { name: "Acer Laptop" }, { name: "Laptop Sleeve Black" }, { name: "Cheap Charger" }, { name: "Apple Watch Band" }, { name: "Samsung Television" },
  ];
  const synonyms = synonymTable([
    { type: "synonym", synonyms: ["tv", "television"] },
    { type: "altCorrection1", word: "iwatch", corrections: ["apple watch"] },
    { type: "synonym", synonyms: ["usb c", "type c"] },
  ]);
  const lang = language({ plurals: [english], synonyms, removeWordsIfNoResults: "lastWords" });
  const site = memorySite(records, lang);
  const queries = [
    "speaker", "speakers", "mice", "smartphone", "smartphone stand", "usbc", "usb c", "type c", "otter box", "otter bo", "otterbox def",
    "cheap laptop", "laptop sleeve red", "laptop sleeve <red>", "iwatch", "iwatch band", "television", "tv stand", "xyzzy", "apple wat", "i pho",
  ];
  for (const query of queries) assert.deepEqual(pick(askClient(site, query)), askCore(site, query, lang), query);
  // Without typos: no split, no join, removal all the same.
  for (const query of ["usbc", "otter box", "laptop sleeve red"]) {
    assert.deepEqual(pick(askClient(site, query, { typoTolerance: false })), askCore(site, query, lang, { typoTolerance: false }), query);
  }
  assert.equal(askClient(site, "laptop sleeve red", { typoTolerance: false }).queryAfterRemoval, "laptop sleeve <em>red</em>");
  assert.deepEqual(askClient(site, "cheap laptop").dropped, [false, true]);
});

test("client index: a precomputed answer with words made optional says which were dropped, as the whole answer does", () => {
  const records = [{ name: "Acer Laptop" }, { name: "Laptop Sleeve Black" }, { name: "HDMI Cable Black" }, { name: "Cheap Charger" }];
  const lang = language({ removeWordsIfNoResults: "lastWords" });
  const site = memorySite(records, lang, ["cheap laptop", "laptop sleeve black"]);
  const line = site.lines.find((l) => l[0] === "cheap laptop");
  assert.equal(line.length, 5, "the optional words' bits");
  assert.equal(line[4], 2);
  assert.deepEqual(site.lines.find((l) => l[0] === "laptop sleeve black").length, 4);
  const got = askClient(site, "Cheap  laptop");
  assert.ok(!site.requested.some((f) => f.includes("/postings/")), "from the answer alone");
  assert.deepEqual(got.dropped, [false, true]);
  assert.equal(got.queryAfterRemoval, "cheap <em>laptop</em>");
  assert.deepEqual(pick(got), askCore(site, "cheap laptop", lang));
  let whole;
  got.answer.rest((answer) => (whole = answer));
  assert.deepEqual([whole.dropped, whole.queryAfterRemoval], [got.dropped, got.queryAfterRemoval]);
  assert.equal(askClient(site, "laptop sleeve black").queryAfterRemoval, null);
});

test("client index: a precomputed answer highlights a split as the engine chose it, from the whole index", () => {
  // "usbc": "usb c" stands in three records, "us bc" in one, whose "usbx" places the word at 1 typo:
  // from its name alone, "US BC" would be taken as the split and highlighted.
  const records = [{ name: "USB C Cable" }, { name: "USB C Hub" }, { name: "USB C Charger" }, { name: "US BC usbx Adapter" }];
  const lang = language();
  const site = memorySite(records, lang, ["usbc"]);
  const want = askCore(site, "usbc", lang);
  assert.equal(want.highlights[3], "US BC <em>usbx</em> Adapter");
  const got = askClient(site, "usbc");
  assert.deepEqual(pick(got), want);
  // It read the parts' postings to learn so; from the name alone the highlight would differ.
  assert.ok(site.requested.some((f) => f.includes("/postings/")));
  const line = site.lines[0];
  const alone = sharded.highlightPlaced("usbc", records[3].name, line[3][3], 1, true, core.prepareLanguage(lang));
  assert.equal(alone.value, "<em>US</em> <em>BC</em> <em>usbx</em> Adapter");
  // Where no name holds a split, nothing more is loaded.
  const plain = memorySite(records, lang, ["cable"]);
  assert.deepEqual(pick(askClient(plain, "cable")), askCore(plain, "cable", lang));
  assert.ok(!plain.requested.some((f) => f.includes("/postings/")), `${plain.requested}`);
  assert.deepEqual(sharded.adjacentRecords(sharded.decodePostings([0, 3, 0, 0, 2, 2, 0, 5]), sharded.decodePostings([0, 2, 0, 1, 2, 2, 1, 6])), 1);
});

test("client index: a short word with a synonym at a typo is answered by the whole index, not its head", () => {
  // `tv` matches "TV" (0 typos) in the description and "Television" (its altCorrection1, 1 typo) in
  // the name: placed at 0, the name shows no highlight, which the name alone cannot tell.
  const records = [{ name: "Television Stand", description: "for a tv" }, { name: "TV Mount" }];
  const synonyms = synonymTable([{ type: "altCorrection1", word: "tv", corrections: ["television"] }]);
  const lang = language({ synonyms });
  const site = memorySite(records, lang, [], ["t", "tv"]);
  const got = askClient(site, "tv");
  assert.deepEqual(pick(got), askCore(site, "tv", lang));
  assert.equal(got.highlights[1], "Television Stand");
  assert.ok(!site.requested.some((f) => f.includes("/heads/")), `${site.requested}`);
  // Without it, the head answers, highlighting a plural form or a synonym from the name alone.
  const headLanguage = language({ plurals: [english], synonyms: synonymTable([{ type: "synonym", synonyms: ["tv", "television"] }]) });
  const heads = memorySite([{ name: "TVs Mount" }, { name: "Television Stand" }], headLanguage, [], ["t", "tv"]);
  const head = askClient(heads, "tv");
  assert.deepEqual(pick(head), askCore(heads, "tv", headLanguage));
  assert.ok(heads.requested.some((f) => f.includes("/heads/")) && !heads.requested.some((f) => f.includes("/postings/")), `${heads.requested}`);
  assert.deepEqual(head.highlights, ["<em>TV</em>s Mount", "<em>Television</em> Stand"]);
});
