// Refining a list in the page: facet filters, numeric filters, facet counts and stats, and the
// sort orders (replicas), over a query's whole ranked list of record numbers, from the client
// index's `facets/` files (docs/CLIENT-INDEX.md, Facets). The rules are docs/CONTRACT.md's
// "Refining and sorting", as the Swift engine applies them; `node --test` checks the answers
// against the engine's. No DOM here.
(function (root, factory) {
  "use strict";
  const refine = factory();
  if (typeof module === "object" && module.exports) module.exports = refine;
  else root.TypeaheadRefine = refine;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  /**
   * A number as a facet value: JSON's shortest form, whole numbers without a fraction, as Swift's
   * JSONWriter.format writes it (they differ only in exponent forms: docs/CONTRACT.md).
   */
  const numberText = (n) => String(n);


  /**
   * Reads the `facets/` files of one client index: `columnsOf(numbers, callback)` loads the files
   * that hold those records and calls back with `columns`, the facet data of every record loaded:
   * `columns.cells(attribute)` is the attribute's column by record number (a value's place in
   * `columns.list(attribute).values`, -1 for none, or an array of places; a `numbers` attribute's
   * cell is the number, null, or an array).
   */
  function createFacetData(manifest, base, loader) {
    const name = (slug) => base + "facets/" + slug;
    const bucket = manifest.bucket;
    let lists = null; // attribute → {kind, values, code: value → place}
    const byAttribute = new Map(manifest.attributes.map((a) => [a, []]));
    const loaded = new Set();
    const none = { kind: "values", values: [], code: new Map() };
    function load(file) {
      if (loaded.has(file)) return;
      loaded.add(file);
      const lines = loader.get(name(String(file))) || [];
      manifest.attributes.forEach((attribute, a) => {
        const column = byAttribute.get(attribute);
        const line = lines[a] || [];
        const start = file * bucket;
        for (let i = 0; i < line.length; i++) column[start + i] = line[i];
      });
    }
    const columns = {
      cells: (attribute) => byAttribute.get(attribute) || [],
      list: (attribute) => (lists && lists.get(attribute)) || none,
    };
    function columnsOf(numbers, callback) {
      const files = new Set();
      for (const n of numbers) files.add(Math.floor(n / bucket));
      const wanted = [name("values") + ".js", ...[...files].sort((a, b) => a - b).map((f) => name(String(f)) + ".js")];
      loader.need(wanted, () => {
        if (!lists) {
          lists = new Map();
          for (const [attribute, kind, , values] of loader.get(name("values")) || []) {
            const list = values || [];
            lists.set(attribute, { kind, values: list, code: new Map(list.map((v, i) => [v, i])) });
          }
        }
        for (const file of files) load(file);
        callback(columns);
      });
    }
    return { columnsOf, attributes: manifest.attributes, replicas: manifest.replicas || [], priceBounds: manifest.priceBounds || [] };
  }

  /** A cell's items: a `values` cell's places (-1 is none), a `numbers` cell's numbers (null is none). */
  function items(cell, kind) {
    if (cell === null || cell === undefined || (kind !== "numbers" && cell === -1)) return [];
    return Array.isArray(cell) ? cell : [cell];
  }

  /**
   * A term as a test of a record number over `columns`'s columns: `{attribute, value}` (a facet),
   * `{attribute, op, number}`, `{attribute, lower, upper}`, maybe `negated`.
   */
  function tester(columns, term) {
    const list = columns.list(term.attribute);
    const cells = columns.cells(term.attribute);
    let found;
    if (term.value !== undefined && list.kind !== "numbers") {
      const code = list.code.has(term.value) ? list.code.get(term.value) : -2;
      found = (n) => {
        const c = cells[n];
        return c === code || (Array.isArray(c) && c.includes(code));
      };
    } else {
      // A numbers column: the value as JSON writes the number, a comparison, or a range.
      const one =
        term.value !== undefined
          ? (x) => numberText(x) === term.value
          : term.op !== undefined
            ? (x) => compare(x, term.op, term.number)
            : (x) => x >= term.lower && x <= term.upper;
      found =
        list.kind === "numbers"
          ? (n) => {
              const c = cells[n];
              return c !== null && c !== undefined && (Array.isArray(c) ? c.some(one) : one(c));
            }
          : () => false;
    }
    return term.negated ? (n) => !found(n) : found;
  }

  function compare(x, op, y) {
    switch (op) {
      case "<": return x < y;
      case "<=": return x <= y;
      case "=": return x === y;
      case "!=": return x !== y;
      case ">=": return x >= y;
      case ">": return x > y;
      default: return false;
    }
  }

  /** Clauses (an AND of ORs of terms) as one test of a record number. */
  function compile(columns, clauses) {
    const tests = clauses.map((clause) => clause.map((term) => tester(columns, term)));
    if (tests.length === 0) return () => true;
    if (tests.length === 1 && tests[0].length === 1) return tests[0][0];
    return (n) => {
      for (const clause of tests) {
        let any = false;
        for (const t of clause) if (t(n)) { any = true; break; }
        if (!any) return false;
      }
      return true;
    };
  }

  /** Byte order of two texts (UTF-8), as the engine orders values. */
  function byteOrder(a, b) {
    // Code-point order is UTF-8 byte order.
    const x = Array.from(a);
    const y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  }

  /** Each attribute's values among `numbers` by count (most first), then value; at most `max` each. */
  function counts(numbers, columns, attributes, max) {
    const result = {};
    for (const attribute of attributes) {
      const list = columns.list(attribute);
      const cells = columns.cells(attribute);
      let pairs = [];
      if (list.kind === "numbers") {
        const tally = new Map();
        for (const n of numbers) for (const x of items(cells[n], "numbers")) tally.set(x, (tally.get(x) || 0) + 1);
        pairs = [...tally].map(([x, count]) => [numberText(x), count]);
      } else {
        const tally = new Int32Array(list.values.length);
        for (const n of numbers) {
          const c = cells[n];
          if (typeof c === "number") {
            if (c >= 0) tally[c] += 1;
          } else if (Array.isArray(c)) for (const i of c) tally[i] += 1;
        }
        for (let i = 0; i < tally.length; i++) if (tally[i] > 0) pairs.push([list.values[i], tally[i]]);
      }
      result[attribute] = pairs.sort((a, b) => b[1] - a[1] || byteOrder(a[0], b[0])).slice(0, max);
    }
    return result;
  }

  /** `facets_stats` of the attributes holding numbers among `numbers`: {min, max, sum, avg}. */
  function stats(numbers, columns, attributes) {
    const result = {};
    for (const attribute of attributes) {
      if (columns.list(attribute).kind !== "numbers") continue;
      const cells = columns.cells(attribute);
      let found = null;
      for (const n of numbers) {
        for (const x of items(cells[n], "numbers")) {
          if (!found) found = { min: x, max: x, sum: 0, count: 0 };
          found.min = Math.min(found.min, x);
          found.max = Math.max(found.max, x);
          found.sum += x;
          found.count += 1;
        }
      }
      if (found) result[attribute] = { min: found.min, max: found.max, sum: found.sum, avg: found.sum / found.count };
    }
    return result;
  }

  /**
   * A replica's order of a relevance-ranked list: by the attribute's number (records without a
   * single number last), the list's own order among equals (the sort is stable).
   */
  function sortBy(numbers, columns, attribute, descending) {
    const numeric = columns.list(attribute).kind === "numbers";
    const cells = columns.cells(attribute);
    const key = (n) => (numeric && typeof cells[n] === "number" ? cells[n] : null);
    const keyed = numbers.map((n, i) => [n, key(n), i]);
    keyed.sort((a, b) => {
      if (a[1] === null || b[1] === null) return (a[1] === null) - (b[1] === null) || a[2] - b[2];
      return (descending ? b[1] - a[1] : a[1] - b[1]) || a[2] - b[2];
    });
    return keyed.map((k) => k[0]);
  }

  /**
   * Refines a ranked list: `groups` maps a facet (or any key) to its clauses; the hits pass every
   * group. Each attribute of `facets` is counted over the hits of every group but its own
   * (disjunctive faceting, as InstantSearch asks for it), at most `max` values; `stats` over the
   * hits. `sort`: `[attribute, descending]` of a replica, or null.
   */
  function apply(numbers, columns, { groups = {}, facets = [], max = 100, sort = null }) {
    const keys = Object.keys(groups);
    const all = compile(columns, keys.flatMap((k) => groups[k]));
    let hits = numbers.filter(all);
    const facetCounts = {};
    for (const attribute of facets) {
      const others = compile(columns, keys.filter((k) => k !== attribute).flatMap((k) => groups[k]));
      const base = groups[attribute] ? numbers.filter(others) : hits;
      Object.assign(facetCounts, counts(base, columns, [attribute], max));
    }
    const facetStats = stats(hits, columns, facets);
    if (sort) hits = sortBy(hits, columns, sort[0], sort[1]);
    return { numbers: hits, nbHits: hits.length, facets: facetCounts, stats: facetStats };
  }

  /** How many hits fall in each ready price range `[bound[i-1], bound[i])`, by range index. */
  function rangeCounts(numbers, columns, attribute, bounds) {
    const result = new Array(bounds.length + 1).fill(0);
    if (columns.list(attribute).kind !== "numbers") return result;
    const cells = columns.cells(attribute);
    const place = (x) => {
      let i = 0;
      while (i < bounds.length && x >= bounds[i]) i++;
      return i;
    };
    for (const n of numbers) {
      const c = cells[n];
      if (typeof c === "number") result[place(c)] += 1;
      else if (Array.isArray(c)) for (const i of new Set(c.map(place))) result[i] += 1;
    }
    return result;
  }

  return { createFacetData, tester, compile, counts, stats, sortBy, apply, rangeCounts, numberText, byteOrder };
});
