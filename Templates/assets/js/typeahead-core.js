// Typeahead's search contract in JavaScript: normalisation, typo-tolerant matching, ranking and
// highlighting, giving the same answers as the Swift engine (see docs/CONTRACT.md in the
// repository). Pure functions, no DOM: a classic script in the page
// (window.TypeaheadCore) and a CommonJS module under `node --test`.
(function (root, factory) {
  "use strict";
  const core = factory();
  if (typeof module === "object" && module.exports) module.exports = core;
  else root.TypeaheadCore = core;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  const MAX_QUERY_WORDS = 32;
  const ARRAY_ELEMENT_GAP = 8;
  const PROXIMITY_CAP = 8;

  // MARK: Normalisation

  /** Steps 1-2: symbols become separators, NFKD, marks dropped, lower-cased, ς → σ. */
  function fold(text) {
    return text
      .replace(/[^\p{L}\p{N}\p{M}\u0000-\u007F]/gu, " ")
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/\p{M}/gu, "")
      .replace(/\u03C2/g, "\u03C3");
  }

  /** The normalised words of a text: maximal runs of letters and digits. */
  function words(text) {
    return fold(text).match(/[\p{L}\p{N}]+/gu) || [];
  }

  /** The normalised query: its words joined by one space. */
  function normalize(text) {
    return words(text).join(" ");
  }

  /** Code points of a string. */
  function points(text) {
    return Array.from(text, (c) => c.codePointAt(0));
  }

  /**
   * Compares two strings by code points (= UTF-8 byte order), as the site sorts keys. Read by
   * UTF-16 unit, with nothing allocated (a search sorts thousands of words): units order as code
   * points do, except a surrogate (half of a code point above U+FFFF), which comes after every
   * other unit. Strings equal up to the shorter one: the shorter first. For well-formed strings
   * (the site's keys and texts); a lone surrogate still gets a total order.
   */
  function compareCodePoints(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const x = a.charCodeAt(i);
      const y = b.charCodeAt(i);
      if (x === y) continue;
      const xHigh = x >= 0xd800 && x <= 0xdfff;
      const yHigh = y >= 0xd800 && y <= 0xdfff;
      if (xHigh !== yHigh) return xHigh ? 1 : -1;
      return x < y ? -1 : 1;
    }
    return a.length - b.length;
  }

  // MARK: Edit distance

  function allowedTypos(length) {
    return length >= 8 ? 2 : length >= 4 ? 1 : 0;
  }

  // Three rows of the distance table, reused by every call (a search computes thousands).
  let rows = [new Int32Array(34), new Int32Array(34), new Int32Array(34)];
  function scratch(length) {
    if (rows[0].length < length) rows = [new Int32Array(length * 2), new Int32Array(length * 2), new Int32Array(length * 2)];
    return rows;
  }

  /** Optimal string alignment distance between two code-point arrays. */
  function distance(a, b) {
    const m = a.length;
    const n = b.length;
    if (m === 0) return n;
    if (n === 0) return m;
    let [prev2, prev, cur] = scratch(n + 1);
    for (let j = 0; j <= n; j++) {
      prev2[j] = 0;
      prev[j] = j;
    }
    for (let i = 1; i <= m; i++) {
      cur[0] = i;
      for (let j = 1; j <= n; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
      }
      [prev2, prev, cur] = [prev, cur, prev2];
    }
    return prev[n];
  }

  /** 1 when both words have a first letter and they differ: a first-letter typo counts as two. */
  function firstLetterPenalty(query, word) {
    return query.length > 0 && word.length > 0 && query[0] !== word[0] ? 1 : 0;
  }

  /** The typo count of a query word against a record word: distance plus the first-letter penalty. */
  function typos(query, word) {
    return distance(query, word) + firstLetterPenalty(query, word);
  }

  /** The typo count of the last query word: to the closest prefix of `word`, plus the penalty. */
  function prefixTypos(query, word) {
    return prefixDistance(query, word).distance + firstLetterPenalty(query, word);
  }

  /** Distance from `query` to the closest prefix of `word`, and that prefix's length (longest on ties). */
  function prefixDistance(query, word) {
    const m = query.length;
    if (m === 0) return { distance: 0, length: 0 };
    let [prev2, prev, cur] = scratch(m + 1);
    for (let j = 0; j <= m; j++) {
      prev2[j] = 0;
      prev[j] = j;
    }
    let bestDistance = m;
    let bestLength = 0;
    for (let i = 1; i <= word.length; i++) {
      cur[0] = i;
      for (let j = 1; j <= m; j++) {
        const cost = word[i - 1] === query[j - 1] ? 0 : 1;
        let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && word[i - 1] === query[j - 2] && word[i - 2] === query[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
      }
      if (cur[m] <= bestDistance) {
        bestDistance = cur[m];
        bestLength = i;
      }
      [prev2, prev, cur] = [prev, cur, prev2];
    }
    return { distance: bestDistance, length: bestLength };
  }

  // MARK: Index

  /**
   * Indexes records `{objectID, texts: [[value, …] per searchable attribute], customKey: [number|null]}`
   * with `customRanking` `[{attribute, descending}]`.
   */
  function createIndex(records, customRanking) {
    const vocabulary = new Map();
    const spelled = [];
    const occurrences = [];
    const soleWords = [];
    for (const record of records) {
      const list = [];
      const sole = new Set();
      record.texts.forEach((values, attribute) => {
        let position = 0;
        values.forEach((value, element) => {
          if (element > 0) position += ARRAY_ELEMENT_GAP;
          const ws = words(value);
          for (const w of ws) {
            let id = vocabulary.get(w);
            if (id === undefined) {
              id = spelled.length;
              vocabulary.set(w, id);
              spelled.push(points(w));
            }
            list.push({ word: id, attribute, element, position });
            position += 1;
          }
          if (ws.length === 1) sole.add(list[list.length - 1].word);
        });
      });
      occurrences.push(list);
      soleWords.push(sole);
    }
    const order = records.map((_, i) => i);
    order.sort((a, b) => {
      const c = compareCustom(records[a].customKey, records[b].customKey, customRanking);
      return c !== 0 ? c : compareCodePoints(records[a].objectID, records[b].objectID);
    });
    const customRank = new Array(records.length);
    order.forEach((record, rank) => (customRank[record] = rank));
    return { records, vocabulary, spelled, occurrences, soleWords, customRank };
  }

  function compareCustom(a, b, criteria) {
    for (let i = 0; i < criteria.length; i++) {
      const x = a[i];
      const y = b[i];
      if (x == null && y == null) continue;
      if (x == null) return 1;
      if (y == null) return -1;
      if (x === y) continue;
      return (criteria[i].descending ? x > y : x < y) ? -1 : 1;
    }
    return 0;
  }

  // MARK: The shop's language (contract version 3: plurals, synonyms, splits and joins, optional words)

  /**
   * The singular of a normalised word by a plural table as data/site.js carries it (`PluralTable` in
   * Plurals.swift): its irregular entry, else the first suffix rule that applies to a word of at
   * least `minLength` code points all in the alphabet, else the word itself.
   */
  function singular(table, word) {
    if (Object.prototype.hasOwnProperty.call(table.irregular, word)) return table.irregular[word];
    const chars = Array.from(word);
    if (chars.length < table.minLength || !chars.every((c) => table.alphabet.includes(c))) return word;
    for (const [suffix, replacement, unless] of table.rules) {
      if (!word.endsWith(suffix) || unless.some((u) => word.endsWith(u))) continue;
      return chars.slice(0, chars.length - Array.from(suffix).length).join("") + replacement;
    }
    return word;
  }

  /**
   * The other forms of a normalised word: the candidates made from its singular by the rules run
   * backwards and by the irregular table, kept when they differ from the word and have the same
   * singular, in code-point order (which of them exist is for the index to say).
   */
  function forms(table, word) {
    const root = singular(table, word);
    const candidates = new Set([root]);
    for (const [suffix, replacement] of table.rules) {
      if (!root.endsWith(replacement)) continue;
      const chars = Array.from(root);
      candidates.add(chars.slice(0, chars.length - Array.from(replacement).length).join("") + suffix);
    }
    for (const [irregular, single] of Object.entries(table.irregular)) if (single === root) candidates.add(irregular);
    return Array.from(candidates)
      .filter((c) => c !== word && singular(table, c) === root)
      .sort(compareCodePoints);
  }

  /** Contract version 2: no alternative at all (an index without `language`). */
  const PLAIN = Object.freeze({
    prepared: true,
    plurals: [],
    alternativesAsExact: [],
    removeWordsIfNoResults: "none",
    optionalWords: [],
    synonyms: new Map(),
    longestMember: 0,
    splitsAndJoins: false,
  });
  const preparedLanguages = new WeakMap();

  /**
   * The language a query is searched with, from the object `QueryLanguage.json` writes (the
   * manifest's `language`, the agreement fixture's `languages`): the synonyms become a map from
   * member to its alternatives' words and typos. Absent: contract version 2. Made once per object.
   */
  function prepareLanguage(json) {
    if (!json) return PLAIN;
    if (json.prepared) return json;
    if (preparedLanguages.has(json)) return preparedLanguages.get(json);
    const synonyms = new Map();
    let longestMember = 0;
    for (const [member, alternatives] of json.synonyms || []) {
      synonyms.set(member, alternatives.map(([text, typos]) => ({ words: text.split(" "), typos })));
      longestMember = Math.max(longestMember, member.split(" ").length);
    }
    const language = {
      prepared: true,
      plurals: json.plurals || [],
      alternativesAsExact: json.alternativesAsExact || [],
      removeWordsIfNoResults: json.removeWordsIfNoResults || "none",
      optionalWords: json.optionalWords || [],
      synonyms,
      longestMember,
      splitsAndJoins: json.splitsAndJoins === true,
    };
    preparedLanguages.set(json, language);
    return language;
  }

  // MARK: Search

  /** The words of a query the engine looks at: the first 32. */
  function queryWords(query) {
    return words(query).slice(0, MAX_QUERY_WORDS);
  }

  /** The vocabulary id of a word, or -1. */
  function wordID(index, word) {
    const id = index.vocabulary.get(word);
    return id === undefined ? -1 : id;
  }

  /** The ids of the vocabulary words that begin with `prefix`. */
  function prefixIDs(index, prefix) {
    const ids = [];
    for (const [word, id] of index.vocabulary) if (word.startsWith(prefix)) ids.push(id);
    return ids;
  }

  /** For each vocabulary word, the records holding it, ascending (made once, on first use). */
  function postingsOf(index) {
    if (index.postings) return index.postings;
    const postings = Array.from(index.spelled, () => []);
    index.occurrences.forEach((list, record) => {
      for (const o of list) {
        const records = postings[o.word];
        if (records[records.length - 1] !== record) records.push(record);
      }
    });
    index.postings = postings;
    return postings;
  }

  /** Where the words `parts` stand adjacent and in order in `record`: the index of each instance's first occurrence. */
  function phraseInstances(index, record, parts) {
    const list = index.occurrences[record];
    const found = [];
    for (let o = 0; o < list.length; o++) {
      if (list[o].word !== parts[0]) continue;
      let k = 1;
      while (
        k < parts.length &&
        o + k < list.length &&
        list[o + k].word === parts[k] &&
        list[o + k].attribute === list[o].attribute &&
        list[o + k].position === list[o].position + k
      )
        k += 1;
      if (k === parts.length) found.push(o);
    }
    return found;
  }

  /** How many records hold the words `parts` (two) adjacent and in order in one value. */
  function phraseRecordCount(index, parts) {
    const postings = postingsOf(index);
    const first = postings[parts[0]];
    const second = postings[parts[1]];
    let count = 0;
    for (let i = 0, j = 0; i < first.length && j < second.length; ) {
      if (first[i] < second[j]) i += 1;
      else if (first[i] > second[j]) j += 1;
      else {
        if (phraseInstances(index, first[i], parts).length > 0) count += 1;
        i += 1;
        j += 1;
      }
    }
    return count;
  }

  /** The longest first part of a split word. */
  const LONGEST_SPLIT_PART = 12;

  /**
   * The ways a query word (code points) may be read as two words, `[[first, second], …]`, shorter
   * first part first: none below 4 code points (the length that allows a typo), a first part of
   * 1 to 12.
   */
  function splitCuts(scalars) {
    const cuts = [];
    if (scalars.length < 4) return cuts;
    for (let cut = 1; cut <= Math.min(LONGEST_SPLIT_PART, scalars.length - 1); cut++) {
      cuts.push([String.fromCodePoint(...scalars.slice(0, cut)), String.fromCodePoint(...scalars.slice(cut))]);
    }
    return cuts;
  }

  /** Every split of a query word (code points) into two words of the index: `[[first id, second id], …]`, shorter first part first. */
  function splitCandidates(index, scalars) {
    const result = [];
    for (const [first, second] of splitCuts(scalars)) {
      const a = wordID(index, first);
      const b = wordID(index, second);
      if (a >= 0 && b >= 0) result.push([a, b]);
    }
    return result;
  }

  /**
   * The split of a query word into two words of the index that stand adjacent and in order in the
   * most records (then the shorter first part), or null when none does.
   */
  function bestSplit(index, scalars) {
    let best = null;
    let records = 0;
    for (const parts of splitCandidates(index, scalars)) {
      const count = phraseRecordCount(index, parts);
      if (count > records) {
        best = parts;
        records = count;
      }
    }
    return best;
  }

  /**
   * How query word `word` matches the vocabulary: `distances` (word id → typo count; direct matches
   * and word alternatives), the word alternatives' ids (`whole`: matched in full, highlighted
   * whole), the ids that count as exact at 0 typos (`exactWords`), its phrase alternatives
   * (`phrases`: `{parts, distance, exact}`) and whether it is `optional`. With `language`, the
   * alternatives the word has alone (plural forms, its split), as Swift's `matcher(for:language:)`.
   */
  function matcher(index, word, isLast, typoTolerance, language, options = {}) {
    const q = points(word);
    const maxTypos = typoTolerance ? allowedTypos(q.length) : 0;
    const distances = new Map();
    index.spelled.forEach((w, id) => {
      if (!isLast && Math.abs(w.length - q.length) > maxTypos) return;
      if (isLast && w.length < q.length - maxTypos) return;
      // Below two typos, a word with another first letter cannot match (its typo costs two).
      if (maxTypos < 2 && w[0] !== q[0]) return;
      const d = isLast ? prefixTypos(q, w) : typos(q, w);
      if (d <= maxTypos) distances.set(id, d);
    });
    const exactWord = wordID(index, word);
    const m = {
      scalars: q,
      maxTypos,
      isLast,
      distances,
      exactWord,
      exactWords: new Set(exactWord >= 0 ? [exactWord] : []),
      whole: new Set(),
      phrases: [],
      optional: false,
    };
    if (!language) return m;
    const exactPlural = language.alternativesAsExact.includes("ignorePlurals");
    for (const table of language.plurals) {
      for (const form of forms(table, word)) {
        const id = wordID(index, form);
        if (id >= 0) addAlternative(m, [id], 0, exactPlural);
      }
    }
    if (typoTolerance && language.splitsAndJoins) {
      const parts = (options.bestSplit || bestSplit)(index, q);
      if (parts) addPhrase(m, parts, 1, false);
    }
    m.optional = language.optionalWords.includes(word);
    return m;
  }

  /**
   * Makes the vocabulary ids `ids` a word alternative of `m` at `distance`: each id matches at the
   * smaller of its distances, and is highlighted whole (and exact, when `exact` at 0 typos) when
   * the alternative's distance is not larger than the direct match's.
   */
  function addAlternative(m, ids, distance, exact) {
    for (const id of ids) {
      const old = m.distances.get(id);
      if (old !== undefined && old < distance) continue;
      m.distances.set(id, distance);
      m.whole.add(id);
      if (exact && distance === 0) m.exactWords.add(id);
    }
  }

  /** Adds a phrase alternative (the same words once, at the smaller distance). */
  function addPhrase(m, parts, distance, exact) {
    const same = m.phrases.find((p) => p.parts.length === parts.length && p.parts.every((id, k) => id === parts[k]));
    if (same) {
      if (distance < same.distance) same.distance = distance;
      if (distance === 0 && exact) same.exact = true;
      return;
    }
    m.phrases.push({ parts, distance, exact: exact && distance === 0 });
  }

  /**
   * Adds the alternatives that runs of query words have: the synonyms of a run equal to a member
   * (the first word at the synonym's typos, the others at 0), and the join of two or three words
   * (the first at 1 typo, the others at 0; every word the join begins when the run ends with a
   * last word matched as a prefix).
   */
  function expand(index, qwords, matchers, typoTolerance, language) {
    const n = qwords.length;
    if (language.synonyms.size > 0) {
      for (let start = 0; start < n; start++) {
        for (let length = 1; length <= Math.max(1, Math.min(language.longestMember, n - start)); length++) {
          const member = qwords.slice(start, start + length).join(" ");
          for (const alternative of language.synonyms.get(member) || []) {
            const ids = alternative.words.map((w) => wordID(index, w));
            if (ids.some((id) => id < 0)) continue;
            const kind = ids.length === 1 ? "singleWordSynonym" : "multiWordsSynonym";
            const exact = alternative.typos === 0 && language.alternativesAsExact.includes(kind);
            for (let i = start; i < start + length; i++) {
              const distance = i === start ? alternative.typos : 0;
              if (ids.length === 1) addAlternative(matchers[i], ids, distance, exact);
              else addPhrase(matchers[i], ids, distance, exact);
            }
          }
        }
      }
    }
    if (typoTolerance && language.splitsAndJoins && n >= 2) {
      for (let start = 0; start < n - 1; start++) {
        for (let length = 2; length <= 3 && start + length <= n; length++) {
          const joined = qwords.slice(start, start + length).join("");
          const end = start + length - 1;
          const ids = matchers[end].isLast ? prefixIDs(index, joined) : [wordID(index, joined)].filter((id) => id >= 0);
          if (ids.length === 0) continue;
          for (let i = start; i <= end; i++) addAlternative(matchers[i], ids, i === start ? 1 : 0, false);
        }
      }
    }
  }

  /**
   * The words of `query` and their matchers with every alternative (`options.language`, prepared
   * or as JSON; none: contract version 2). `options.bestSplit(index, scalars)` may replace the
   * choice of a word's split (the page's client index, which counts records from postings).
   */
  function queryMatchers(index, query, options = {}) {
    const typoTolerance = options.typoTolerance !== false;
    const language = options.language === undefined || options.language === null ? null : prepareLanguage(options.language);
    const qwords = queryWords(query);
    const matchers = qwords.map((w, i) => matcher(index, w, i === qwords.length - 1, typoTolerance, language, options));
    if (language) expand(index, qwords, matchers, typoTolerance, language);
    return { words: qwords, matchers };
  }

  /**
   * The ids of the vocabulary words whose places a query reads: its matches, its phrases' parts, and
   * every split candidate's parts (whose places choose the split). With `index` a vocabulary that
   * holds every word the query can look up, these are the words whose postings answer the query.
   */
  function wordsRead(index, query, options = {}) {
    const typoTolerance = options.typoTolerance !== false;
    const language = prepareLanguage(options.language);
    const { matchers } = queryMatchers(index, query, { ...options, bestSplit: () => null });
    const ids = new Set();
    for (const m of matchers) {
      m.distances.forEach((_, id) => ids.add(id));
      for (const p of m.phrases) p.parts.forEach((id) => ids.add(id));
      if (typoTolerance && language.splitsAndJoins) for (const parts of splitCandidates(index, m.scalars)) parts.forEach((id) => ids.add(id));
    }
    return ids;
  }

  /**
   * The words a query may look up in the vocabulary beyond its own words' typos and prefixes, as
   * `[word, asPrefix]`: plural forms, synonym alternatives' words, joins (as a prefix when the run
   * ends with the last word), split parts. The page's client index loads their listings.
   */
  function lookups(query, options = {}) {
    const typoTolerance = options.typoTolerance !== false;
    const language = prepareLanguage(options.language);
    const qwords = queryWords(query);
    const n = qwords.length;
    const result = [];
    qwords.forEach((word) => {
      for (const table of language.plurals) for (const form of forms(table, word)) result.push([form, false]);
      if (typoTolerance && language.splitsAndJoins) for (const [a, b] of splitCuts(points(word))) result.push([a, false], [b, false]);
    });
    for (let start = 0; start < n; start++) {
      for (let length = 1; length <= Math.max(1, Math.min(language.longestMember, n - start)); length++) {
        for (const alternative of language.synonyms.get(qwords.slice(start, start + length).join(" ")) || []) {
          for (const w of alternative.words) result.push([w, false]);
        }
      }
    }
    if (typoTolerance && language.splitsAndJoins) {
      for (let start = 0; start < n - 1; start++) {
        for (let length = 2; length <= 3 && start + length <= n; length++) {
          result.push([qwords.slice(start, start + length).join(""), start + length === n]);
        }
      }
    }
    return result;
  }

  /**
   * Every record matching `query` (and `allowed(record)` when given), ranked, with the language
   * `options.language`: `{words, ranked: [{record, typos, words, proximity, attribute, position,
   * exact}], matchers, wordsRemoved, optional}`. When nothing matches, words are made optional as
   * `removeWordsIfNoResults` says, one step at a time, until something does.
   */
  function search(index, query, options = {}) {
    const language = prepareLanguage(options.language);
    const { words: qwords, matchers } = queryMatchers(index, query, options);
    const result = (ranked, wordsRemoved) => ({
      words: qwords,
      ranked: sortRanked(ranked, index),
      matchers,
      wordsRemoved,
      optional: matchers.map((m) => m.optional),
    });
    if (matchers.length === 0) {
      const ranked = [];
      for (let record = 0; record < index.records.length; record++) {
        if (options.allowed && !options.allowed(record)) continue;
        ranked.push({ record, typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0 });
      }
      return result(ranked, false);
    }
    let ranked = rank(index, matchers, options.allowed);
    let removed = false;
    if (ranked.length === 0) {
      for (const step of removalSteps(language.removeWordsIfNoResults, matchers.map((m) => m.optional))) {
        for (const i of step) matchers[i].optional = true;
        removed = true;
        ranked = rank(index, matchers, options.allowed);
        if (ranked.length > 0) break;
      }
    }
    return result(ranked, removed);
  }

  /**
   * The words `removeWordsIfNoResults` makes optional, step by step: the last mandatory one, then
   * the one before (`lastWords`); from the first (`firstWords`); all at once (`allOptional`).
   */
  function removalSteps(mode, optional) {
    const mandatory = [];
    optional.forEach((o, i) => {
      if (!o) mandatory.push(i);
    });
    switch (mode) {
      case "lastWords":
        return mandatory.reverse().map((i) => [i]);
      case "firstWords":
        return mandatory.map((i) => [i]);
      case "allOptional":
        return mandatory.length > 0 ? [mandatory] : [];
      default:
        return [];
    }
  }

  /**
   * Every record matching the query words `matchers` (every mandatory word, and at least one), with
   * its criteria, in record order: Swift's `rankEach`.
   */
  function rank(index, matchers, allowed) {
    const n = matchers.length;
    const ranked = [];
    // The hot loop reads each word's distance to each query word from one dense table (-1: no
    // match), which words are a match or a phrase's part from two bit masks, and keeps its
    // per-record state in arrays made once: the same criteria as the contract's, without a Map
    // lookup or an allocation per occurrence.
    const words = index.spelled.length;
    const table = new Int8Array(words * n).fill(-1);
    const mask = new Int32Array(words);
    const partMask = new Int32Array(words);
    let mandatory = 0;
    let phraseBits = 0;
    matchers.forEach((m, i) => {
      m.distances.forEach((d, id) => {
        table[id * n + i] = d;
        mask[id] |= 1 << i;
      });
      for (const p of m.phrases) for (const part of p.parts) partMask[part] |= 1 << i;
      if (!m.optional) mandatory |= 1 << i;
      if (m.phrases.length > 0) phraseBits |= 1 << i;
    });
    const all = n === 32 ? -1 : (1 << n) - 1;
    const typo = new Int32Array(n);
    const exact = new Uint8Array(n);
    const lastAttribute = new Int32Array(n);
    const lastPosition = new Int32Array(n);
    const pairBest = new Int32Array(Math.max(n - 1, 0));
    const NONE = 0x7fffffff;
    // The occurrences of a record that some query word matches or that are a phrase's part, in
    // the record's order: a phrase is consecutive entries at positions p, p + 1, … of one attribute.
    const matched = [];
    const phraseAt = (k, count, parts) => {
      const first = matched[k];
      if (first.word !== parts[0] || k + parts.length > count) return false;
      for (let j = 1; j < parts.length; j++) {
        const next = matched[k + j];
        if (next.word !== parts[j] || next.attribute !== first.attribute || next.position !== first.position + j) return false;
      }
      return true;
    };
    let bestAttribute = NONE;
    let bestPosition = NONE;
    const place = (i, attribute, position, end) => {
      if (bestAttribute === NONE) {
        bestAttribute = attribute;
        bestPosition = position;
      }
      if (i > 0 && lastAttribute[i - 1] === attribute) pairBest[i - 1] = Math.min(pairBest[i - 1], Math.abs(position - lastPosition[i - 1]));
      if (i < n - 1 && lastAttribute[i + 1] === attribute) pairBest[i] = Math.min(pairBest[i], Math.abs(position - lastPosition[i + 1]));
      lastAttribute[i] = attribute;
      lastPosition[i] = end;
    };
    for (let record = 0; record < index.records.length; record++) {
      if (allowed && !allowed(record)) continue;
      const list = index.occurrences[record];
      // A query word is placed only by its best matches in this record (contract version 2):
      // first its smallest typo count…
      typo.fill(NONE);
      let seen = 0;
      let count = 0;
      for (let k = 0; k < list.length; k++) {
        const o = list[k];
        const bits = mask[o.word];
        if ((bits | partMask[o.word]) === 0) continue;
        matched[count++] = o;
        if (bits === 0) continue;
        seen |= bits;
        const base = o.word * n;
        for (let i = 0; i < n; i++) {
          const d = table[base + i];
          if (d >= 0 && d < typo[i]) typo[i] = d;
        }
      }
      // …with the phrase alternatives that stand in it…
      let phrased = 0;
      if (phraseBits !== 0) {
        for (let i = 0; i < n; i++) {
          if ((phraseBits & (1 << i)) === 0) continue;
          for (const phrase of matchers[i].phrases) {
            if (phrase.distance > typo[i]) continue;
            for (let k = 0; k < count; k++) {
              if (!phraseAt(k, count, phrase.parts)) continue;
              typo[i] = phrase.distance;
              seen |= 1 << i;
              phrased |= 1 << i;
              break;
            }
          }
        }
      }
      if ((seen & mandatory) !== mandatory || seen === 0) continue;
      // …then proximity, attribute and exact from the matches at that count (a phrase placed at
      // its first word, and at its last for the pair with the query word after it).
      exact.fill(0);
      lastAttribute.fill(-1);
      lastPosition.fill(0);
      pairBest.fill(PROXIMITY_CAP);
      bestAttribute = NONE;
      bestPosition = NONE;
      for (let k = 0; k < count; k++) {
        const o = matched[k];
        const base = o.word * n;
        for (let i = 0; i < n; i++) {
          const d = table[base + i];
          if (d < 0 || d !== typo[i]) continue;
          if (d === 0 && matchers[i].exactWords.has(o.word)) exact[i] = 1;
          place(i, o.attribute, o.position, o.position);
        }
        const parts = partMask[o.word] & phrased;
        if (parts === 0) continue;
        for (let i = 0; i < n; i++) {
          if ((parts & (1 << i)) === 0) continue;
          for (const phrase of matchers[i].phrases) {
            if (phrase.distance !== typo[i] || !phraseAt(k, count, phrase.parts)) continue;
            if (phrase.exact) exact[i] = 1;
            place(i, o.attribute, o.position, o.position + phrase.parts.length - 1);
          }
        }
      }
      let typos = 0;
      let exactCount = 0;
      let proximity = 0;
      let matchedWords = 0;
      for (let i = 0; i < n; i++) {
        if (typo[i] === NONE) continue;
        typos += typo[i];
        exactCount += exact[i];
      }
      for (let i = 0; i < n - 1; i++) if (typo[i] !== NONE && typo[i + 1] !== NONE) proximity += pairBest[i];
      if (n === 1) {
        // exactOnSingleWordQuery: attribute — a whole value must be the word (or an alternative
        // that counts as exact).
        exactCount = 0;
        if (typo[0] === 0) for (const w of matchers[0].exactWords) if (index.soleWords[record].has(w)) exactCount = 1;
      }
      for (let bits = seen & all; bits !== 0; bits &= bits - 1) matchedWords += 1;
      ranked.push({ record, typos, words: matchedWords, proximity, attribute: bestAttribute, position: bestPosition, exact: exactCount });
    }
    return ranked;
  }

  /** The contract's order: typos, words (more first), proximity, attribute, position, exact (more first), custom rank. */
  function sortRanked(ranked, index) {
    return ranked.sort(
      (a, b) =>
        a.typos - b.typos ||
        b.words - a.words ||
        a.proximity - b.proximity ||
        a.attribute - b.attribute ||
        a.position - b.position ||
        b.exact - a.exact ||
        index.customRank[a.record] - index.customRank[b.record]
    );
  }

  /** Each query word's smallest typo count in `record`, phrases included (Infinity where it does not match). */
  function placedTypos(index, record, matchers) {
    const typo = new Array(matchers.length).fill(Infinity);
    for (const o of index.occurrences[record]) {
      matchers.forEach((m, i) => {
        const d = m.distances.get(o.word);
        if (d !== undefined && d < typo[i]) typo[i] = d;
      });
    }
    matchers.forEach((m, i) => {
      for (const phrase of m.phrases) {
        if (phrase.distance < typo[i] && phraseInstances(index, record, phrase.parts).length > 0) typo[i] = phrase.distance;
      }
    });
    return typo;
  }

  /**
   * The query words made optional that the first hit does not match (its placed typos `placed`,
   * null when there is no hit), or null when no word was removed: what `queryAfterRemoval` marks.
   */
  function droppedWords(result, placed) {
    if (!result.wordsRemoved) return null;
    return result.optional.map((optional, i) => optional && (!placed || placed[i] === Infinity));
  }

  /**
   * Algolia's `queryAfterRemoval` of a search `result` over `index`: the query's words, HTML-escaped,
   * each word made optional that the first hit does not match in `<em>`; null when no word was
   * removed.
   */
  function queryAfterRemoval(result, index) {
    const placed = result.wordsRemoved && result.ranked.length > 0 ? placedTypos(index, result.ranked[0].record, result.matchers) : null;
    return removalText(result.words, droppedWords(result, placed));
  }

  /** `queryAfterRemoval` from the query's words and which were dropped (null: none removed). */
  function removalText(qwords, dropped) {
    if (!dropped) return null;
    return qwords.map((w, i) => (dropped[i] ? "<em>" + escapeHTML(w) + "</em>" : escapeHTML(w))).join(" ");
  }

  // MARK: Highlighting

  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

  /**
   * A snippet of a highlighted value (`highlight`'s, HTML-escaped with matches in <em>), as the
   * engine cuts it (docs/CONTRACT.md, Snippets): the value split at ASCII white space into words;
   * with more than `words` of them, the `words` starting `words / 4` before the first highlighted
   * one (the first ones, with no match), moved back to end at the last word; an escaped ellipsis
   * and a space where words were cut.
   */
  function snippet(highlighted, words, ellipsis) {
    const value = highlighted.value;
    const tokens = [];
    const space = /[ \t\n\f\r]+/g;
    let start = 0;
    for (let m; (m = space.exec(value)) !== null; ) {
      if (m.index > start) tokens.push([start, m.index]);
      start = m.index + m[0].length;
    }
    if (start < value.length) tokens.push([start, value.length]);
    const count = Math.max(words, 1);
    if (tokens.length <= count) return { value, matchLevel: highlighted.matchLevel };
    const first = tokens.findIndex(([a, b]) => value.slice(a, b).includes("<em>"));
    const from = first < 0 ? 0 : Math.max(0, Math.min(first - Math.floor(count / 4), tokens.length - count));
    const to = from + count;
    const cut = escapeHTML(ellipsis);
    return {
      value: (from > 0 ? cut + " " : "") + value.slice(tokens[from][0], tokens[to - 1][1]) + (to < tokens.length ? " " + cut : ""),
      matchLevel: highlighted.matchLevel,
    };
  }

  /**
   * The snippet a card shows (docs/CONTRACT.md, Snippets), or null: with a name (its highlight)
   * that does not match every word, the first of the snippeted attribute's `values` whose
   * highlight (`highlightOf(value)`) matches a query word the name does not, cut to `words`.
   */
  function cardSnippet(name, values, highlightOf, words, ellipsis) {
    if (name.matchLevel === "full") return null;
    const named = new Set(name.matchedWords || []);
    for (const value of values) {
      const lit = highlightOf(String(value));
      if ((lit.matchedWords || []).some((word) => !named.has(word))) return snippet(lit, words, ellipsis).value;
    }
    return null;
  }

  function escapeHTML(text) {
    return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
  }

  /** The words of an original text with their spans (indices into its code points). */
  function sourceWords(chars) {
    const result = [];
    let current = null;
    chars.forEach((ch, index) => {
      const code = ch.charCodeAt(0);
      if (code < 0x80) {
        // ASCII, most of a name: `fold` leaves it as it is but for the case, and only letters
        // and digits are word characters (the same answer as below, without its regular
        // expressions, which made the highlighting of a name cost 50 µs).
        const upper = code >= 65 && code <= 90;
        if (upper || (code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
          if (!current) current = { text: "", origins: [], start: index, end: index + 1 };
          current.text += upper ? String.fromCharCode(code + 32) : ch;
          current.origins.push(index);
          current.end = index + 1;
        } else if (current) {
          result.push(current);
          current = null;
        }
        return;
      }
      const folded = fold(ch);
      if (folded.length === 0) {
        if (current) current.end = index + 1;
        return;
      }
      for (const f of folded) {
        if (/[\p{L}\p{N}]/u.test(f)) {
          if (!current) current = { text: "", origins: [], start: index, end: index + 1 };
          current.text += f;
          current.origins.push(index);
          current.end = index + 1;
        } else if (current) {
          result.push(current);
          current = null;
        }
      }
    });
    if (current) result.push(current);
    return result;
  }

  /**
   * Algolia's `_highlightResult` entry for one value of record number `record`, as the Swift engine
   * computes it: only the matches where a query word is placed (its smallest typo count in the
   * record). A phrase alternative placed at that count highlights its words whole where they stand
   * adjacent and in order in the value; a word alternative is highlighted whole; the last word's
   * prefix match, the closest prefix (the longer highlight wins when a word is both).
   */
  function highlight(index, text, result, record, given) {
    const chars = Array.from(text);
    const { matchers, words: qwords } = result;
    // `given`: each query word's placed typo count in the record, when the index holds only part
    // of it (a precomputed answer's hit, highlighted from its name alone).
    const placed = given || placedTypos(index, record, matchers);
    const matched = new Array(matchers.length).fill(false);
    let out = "";
    let cursor = 0;
    let allWhole = true;
    const source = sourceWords(chars);
    const ids = source.map((word) => wordID(index, word.text));
    // The words of the phrase alternatives placed in this value: highlighted whole.
    const inPhrase = new Array(ids.length).fill(false);
    matchers.forEach((m, i) => {
      for (const phrase of m.phrases) {
        if (phrase.distance !== placed[i] || phrase.parts.length > ids.length) continue;
        for (let k = 0; k + phrase.parts.length <= ids.length; k++) {
          if (!phrase.parts.every((id, j) => ids[k + j] === id)) continue;
          matched[i] = true;
          for (let j = k; j < k + phrase.parts.length; j++) inPhrase[j] = true;
        }
      }
    });
    source.forEach((word, k) => {
      const id = ids[k];
      const wordPoints = points(word.text);
      let length = 0;
      if (id >= 0) {
        if (inPhrase[k]) length = wordPoints.length;
        matchers.forEach((m, i) => {
          if (m.distances.get(id) !== placed[i]) return;
          matched[i] = true;
          length = m.isLast && !m.whole.has(id) ? Math.max(length, prefixDistance(m.scalars, wordPoints).length) : wordPoints.length;
        });
      }
      if (length === 0) {
        allWhole = false;
        return;
      }
      const whole = length >= wordPoints.length;
      if (!whole) allWhole = false;
      let end = whole ? word.end : word.origins[length - 1] + 1;
      while (!whole && end < chars.length && chars[end].codePointAt(0) > 0x7f && fold(chars[end]).length === 0) end += 1;
      out += escapeHTML(chars.slice(cursor, word.start).join(""));
      out += "<em>" + escapeHTML(chars.slice(word.start, end).join("")) + "</em>";
      cursor = end;
    });
    out += escapeHTML(chars.slice(cursor).join(""));
    const matchedWords = [];
    qwords.forEach((w, i) => {
      if (matched[i] && !matchedWords.includes(w)) matchedWords.push(w);
    });
    const count = matched.filter(Boolean).length;
    const level = count === 0 ? "none" : count === matchers.length ? "full" : "partial";
    return { value: out, matchLevel: level, matchedWords, fullyHighlighted: count > 0 && allWhole && source.length > 0 };
  }

  /** Reverse highlighting for a suggestion row: the part the user has not typed is emphasised. */
  function reverseHighlight(suggestion, typed) {
    const typedNorm = normalize(typed);
    const chars = Array.from(suggestion);
    // Find the longest prefix of the suggestion whose normalised form is a prefix of what was typed.
    let cut = 0;
    for (let i = 1; i <= chars.length; i++) {
      const part = normalize(chars.slice(0, i).join(""));
      if (part.length > 0 && typedNorm.startsWith(part) && part.length <= typedNorm.length) cut = i;
    }
    const head = escapeHTML(chars.slice(0, cut).join(""));
    const tail = chars.slice(cut).join("");
    return tail ? head + "<em>" + escapeHTML(tail) + "</em>" : head;
  }

  /**
   * The placeholder of a product without a picture, as the build draws it (SiteImages.swift,
   * `Placeholder`): the first letter or digit of its brand (or name, when the brand has none),
   * upper-cased, and one of eight tones by the 32-bit FNV-1a hash of that text's UTF-8 bytes.
   */
  function placeholder(brand, name) {
    const letterOrDigit = /[\p{L}\p{N}]/u;
    const label = brand != null && letterOrDigit.test(brand) ? brand : String(name || "");
    const first = Array.from(label).find((c) => letterOrDigit.test(c));
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(label)) {
      hash ^= byte;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return { initial: first ? first.toUpperCase() : "", tone: hash % 8 };
  }

  /**
   * The entry of a list sorted by its first cells (`[[firstKey, …], …]`, code-point order) whose
   * range holds `key`: the last one whose first key is not after it; null before the first. A
   * manifest's shard for a key.
   */
  function lastNotAfter(entries, key) {
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compareCodePoints(entries[mid][0], key) <= 0) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? null : entries[low - 1];
  }

  /**
   * `1234567` as "1,234,567", as the build writes counts. Not `toLocaleString`: its first call
   * loads the browser's number-formatting data, about 150 ms on a slow phone (measured with the
   * CPU throttled 4x), on the first keystroke's path to its results.
   */
  function groupDigits(value) {
    const digits = String(Math.abs(Math.trunc(value)));
    let out = "";
    for (let i = 0; i < digits.length; i++) {
      if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
      out += digits[i];
    }
    return (value < 0 ? "-" : "") + out;
  }

  /**
   * A price as the build writes it (`PageData.formatPrice`): the currency, the whole units grouped
   * by thousands, two decimals: "$1,299.99". Both sides are proven on `fixtures/prices.json`.
   */
  function formatPrice(price, currency) {
    const cents = Math.round(price * 100);
    return currency + groupDigits(Math.floor(cents / 100)) + "." + String(cents % 100).padStart(2, "0");
  }

  return {
    snippet,
    cardSnippet,
    sourceWords,
    groupDigits,
    formatPrice,
    lastNotAfter,
    placeholder,
    fold,
    words,
    normalize,
    points,
    compareCodePoints,
    allowedTypos,
    distance,
    prefixDistance,
    typos,
    prefixTypos,
    createIndex,
    queryWords,
    matcher,
    search,
    singular,
    forms,
    prepareLanguage,
    queryMatchers,
    wordID,
    wordsRead,
    lookups,
    bestSplit,
    splitCuts,
    splitCandidates,
    phraseRecordCount,
    removalSteps,
    placedTypos,
    droppedWords,
    queryAfterRemoval,
    removalText,
    highlight,
    reverseHighlight,
    escapeHTML,
  };
});
