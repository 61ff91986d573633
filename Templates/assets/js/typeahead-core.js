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

  /** Compares two strings by code points (= UTF-8 byte order), as the site sorts keys. */
  function compareCodePoints(a, b) {
    const x = points(a);
    const y = points(b);
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return x.length - y.length;
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

  // MARK: Search

  /** The words of a query the engine looks at: the first 32. */
  function queryWords(query) {
    return words(query).slice(0, MAX_QUERY_WORDS);
  }

  /** How query word `word` matches the vocabulary: word id → distance. */
  function matcher(index, word, isLast, typoTolerance) {
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
    return { scalars: q, maxTypos, isLast, distances, exactWord: index.vocabulary.has(word) ? index.vocabulary.get(word) : -1 };
  }

  /**
   * Every record matching `query` (and `allowed(record)` when given), ranked:
   * `[{record, typos, proximity, attribute, position, exact}]`, and the matchers for highlighting.
   */
  function search(index, query, options = {}) {
    const typoTolerance = options.typoTolerance !== false;
    const qwords = queryWords(query);
    const matchers = qwords.map((w, i) => matcher(index, w, i === qwords.length - 1, typoTolerance));
    const n = matchers.length;
    const ranked = [];
    const count = index.records.length;
    if (n === 0) {
      for (let record = 0; record < count; record++) {
        if (options.allowed && !options.allowed(record)) continue;
        ranked.push({ record, typos: 0, proximity: 0, attribute: 0, position: 0, exact: 0 });
      }
      return { words: qwords, ranked: sortRanked(ranked, index), matchers };
    }
    // The hot loop reads each word's distance to each query word from one dense table (-1: no
    // match) and keeps its per-record state in arrays made once: the same criteria as the
    // contract's, without a Map lookup or an allocation per occurrence.
    const words = index.spelled.length;
    const table = new Int8Array(words * n).fill(-1);
    matchers.forEach((m, i) => m.distances.forEach((d, id) => (table[id * n + i] = d)));
    const typo = new Int32Array(n);
    const exact = new Uint8Array(n);
    const lastAttribute = new Int32Array(n);
    const lastPosition = new Int32Array(n);
    const pairBest = new Int32Array(Math.max(n - 1, 0));
    const NONE = 0x7fffffff;
    for (let record = 0; record < count; record++) {
      if (options.allowed && !options.allowed(record)) continue;
      const list = index.occurrences[record];
      // Each query word's smallest typo count in the record (placedTypos).
      typo.fill(NONE);
      for (let k = 0; k < list.length; k++) {
        const base = list[k].word * n;
        for (let i = 0; i < n; i++) {
          const d = table[base + i];
          if (d >= 0 && d < typo[i]) typo[i] = d;
        }
      }
      let missing = false;
      for (let i = 0; i < n; i++) if (typo[i] === NONE) missing = true;
      if (missing) continue;
      // A query word is placed only by its best matches in the record (contract version 2):
      // proximity, attribute and exact look at the matches at its smallest typo count.
      exact.fill(0);
      lastAttribute.fill(-1);
      lastPosition.fill(0);
      pairBest.fill(PROXIMITY_CAP);
      let bestAttribute = Infinity;
      let bestPosition = Infinity;
      for (let k = 0; k < list.length; k++) {
        const o = list[k];
        const base = o.word * n;
        for (let i = 0; i < n; i++) {
          const d = table[base + i];
          if (d < 0 || d !== typo[i]) continue;
          if (bestAttribute === Infinity) {
            bestAttribute = o.attribute;
            bestPosition = o.position;
          }
          if (d === 0 && o.word === matchers[i].exactWord) exact[i] = 1;
          if (i > 0 && lastAttribute[i - 1] === o.attribute) pairBest[i - 1] = Math.min(pairBest[i - 1], o.position - lastPosition[i - 1]);
          if (i < n - 1 && lastAttribute[i + 1] === o.attribute) pairBest[i] = Math.min(pairBest[i], o.position - lastPosition[i + 1]);
          lastAttribute[i] = o.attribute;
          lastPosition[i] = o.position;
        }
      }
      let exactCount = 0;
      let typos = 0;
      let proximity = 0;
      for (let i = 0; i < n; i++) {
        exactCount += exact[i];
        typos += typo[i];
      }
      for (let i = 0; i < n - 1; i++) proximity += pairBest[i];
      if (n === 1) exactCount = exact[0] && index.soleWords[record].has(matchers[0].exactWord) ? 1 : 0;
      ranked.push({ record, typos, proximity, attribute: bestAttribute, position: bestPosition, exact: exactCount });
    }
    return { words: qwords, ranked: sortRanked(ranked, index), matchers };
  }

  /** The contract's order: typos, proximity, attribute, position, exact (more first), custom rank. */
  function sortRanked(ranked, index) {
    return ranked.sort(
      (a, b) =>
        a.typos - b.typos ||
        a.proximity - b.proximity ||
        a.attribute - b.attribute ||
        a.position - b.position ||
        b.exact - a.exact ||
        index.customRank[a.record] - index.customRank[b.record]
    );
  }

  /** Each query word's smallest typo count in `record` (Infinity where it does not match). */
  function placedTypos(index, record, matchers) {
    const typo = new Array(matchers.length).fill(Infinity);
    for (const o of index.occurrences[record]) {
      matchers.forEach((m, i) => {
        const d = m.distances.get(o.word);
        if (d !== undefined && d < typo[i]) typo[i] = d;
      });
    }
    return typo;
  }

  // MARK: Highlighting

  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

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
   * computes it: only the matches where a query word is placed (its smallest typo count in the record).
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
    for (const word of source) {
      const id = index.vocabulary.get(word.text);
      const wordPoints = points(word.text);
      let length = 0;
      if (id !== undefined) {
        matchers.forEach((m, i) => {
          if (m.distances.get(id) !== placed[i]) return;
          matched[i] = true;
          length = m.isLast ? Math.max(length, prefixDistance(m.scalars, wordPoints).length) : wordPoints.length;
        });
      }
      if (length === 0) {
        allWhole = false;
        continue;
      }
      const whole = length >= wordPoints.length;
      if (!whole) allWhole = false;
      let end = whole ? word.end : word.origins[length - 1] + 1;
      while (!whole && end < chars.length && chars[end].codePointAt(0) > 0x7f && fold(chars[end]).length === 0) end += 1;
      out += escapeHTML(chars.slice(cursor, word.start).join(""));
      out += "<em>" + escapeHTML(chars.slice(word.start, end).join("")) + "</em>";
      cursor = end;
    }
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
    highlight,
    reverseHighlight,
    escapeHTML,
  };
});
