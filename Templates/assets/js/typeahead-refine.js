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

  /** A cell's items: null gives none, an array its elements, anything else itself. */
  function items(cell) {
    return cell === null || cell === undefined ? [] : Array.isArray(cell) ? cell : [cell];
  }

  /**
   * Reads the `facets/` files of one client index: `rowsOf(numbers, callback)` loads the files
   * that hold those records and calls back with `row(number)`, each row an object of attribute →
   * `{values: [text…], numbers: [number…]}`.
   */
  function createFacetData(manifest, base, loader) {
    const path = (slug) => base + "facets/" + slug + ".js";
    const bucket = manifest.bucket;
    let lists = null; // attribute → {kind, values}
    const decoded = new Map(); // file number → decoded rows
    function decode(n) {
      let rows = decoded.get(n);
      if (rows) return rows;
      const lines = loader.get(path(String(n)).replace(/\.js$/, "")) || [];
      rows = lines.map((cells) => {
        const row = {};
        manifest.attributes.forEach((attribute, a) => {
          const list = lists.get(attribute);
          const cell = items(cells[a]);
          row[attribute] =
            list.kind === "numbers"
              ? { values: cell.map(numberText), numbers: cell }
              : { values: cell.map((i) => list.values[i]), numbers: [] };
        });
        return row;
      });
      decoded.set(n, rows);
      return rows;
    }
    function rowsOf(numbers, callback) {
      const files = new Set();
      for (const n of numbers) files.add(Math.floor(n / bucket));
      const wanted = [path("values"), ...[...files].sort((a, b) => a - b).map((f) => path(String(f)))];
      loader.need(wanted, () => {
        if (!lists) {
          lists = new Map();
          for (const [attribute, kind, , values] of loader.get(path("values").replace(/\.js$/, "")) || []) {
            lists.set(attribute, { kind, values: values || [] });
          }
        }
        callback((number) => decode(Math.floor(number / bucket))[number % bucket]);
      });
    }
    return { rowsOf, attributes: manifest.attributes, replicas: manifest.replicas || [], priceBounds: manifest.priceBounds || [] };
  }

  /** Whether a row meets a term: `{attribute, value}` (a facet), `{attribute, op, number}`, `{attribute, lower, upper}`, maybe `negated`. */
  function holds(row, term) {
    const cell = row[term.attribute] || { values: [], numbers: [] };
    let found;
    if (term.value !== undefined) found = cell.values.includes(term.value);
    else if (term.op !== undefined) found = cell.numbers.some((n) => compare(n, term.op, term.number));
    else found = cell.numbers.some((n) => n >= term.lower && n <= term.upper);
    return found !== Boolean(term.negated);
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

  /** Whether a row passes clauses (an AND of ORs of terms). */
  function passes(row, clauses) {
    return clauses.every((clause) => clause.some((term) => holds(row, term)));
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
  function counts(numbers, row, attributes, max) {
    const result = {};
    for (const attribute of attributes) {
      const tally = new Map();
      for (const n of numbers) for (const v of row(n)[attribute].values) tally.set(v, (tally.get(v) || 0) + 1);
      result[attribute] = [...tally].sort((a, b) => b[1] - a[1] || byteOrder(a[0], b[0])).slice(0, max);
    }
    return result;
  }

  /** `facets_stats` of the attributes holding numbers among `numbers`: {min, max, sum, avg}. */
  function stats(numbers, row, attributes) {
    const result = {};
    for (const attribute of attributes) {
      let found = null;
      for (const n of numbers) {
        for (const x of row(n)[attribute].numbers) {
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
  function sortBy(numbers, row, attribute, descending) {
    const key = (n) => {
      const cell = row(n)[attribute];
      return cell && cell.numbers.length === 1 && cell.values.length === 1 ? cell.numbers[0] : null;
    };
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
  function apply(numbers, row, { groups = {}, facets = [], max = 100, sort = null }) {
    const keys = Object.keys(groups);
    const all = keys.flatMap((k) => groups[k]);
    let hits = numbers.filter((n) => passes(row(n), all));
    const facetCounts = {};
    for (const attribute of facets) {
      const others = keys.filter((k) => k !== attribute).flatMap((k) => groups[k]);
      const base = groups[attribute] ? numbers.filter((n) => passes(row(n), others)) : hits;
      Object.assign(facetCounts, counts(base, row, [attribute], max));
    }
    const facetStats = stats(hits, row, facets);
    if (sort) hits = sortBy(hits, row, sort[0], sort[1]);
    return { numbers: hits, nbHits: hits.length, facets: facetCounts, stats: facetStats };
  }

  /** How many hits fall in each ready price range `[bound[i-1], bound[i])`, by range index. */
  function rangeCounts(numbers, row, attribute, bounds) {
    const result = new Array(bounds.length + 1).fill(0);
    for (const n of numbers) {
      const seen = new Set();
      for (const x of row(n)[attribute].numbers) {
        let i = bounds.findIndex((b) => x < b);
        if (i === -1) i = bounds.length;
        seen.add(i);
      }
      for (const i of seen) result[i] += 1;
    }
    return result;
  }

  return { createFacetData, holds, passes, counts, stats, sortBy, apply, rangeCounts, numberText, byteOrder };
});
