// The page's client indices (products and suggestions), sharded so that a typed text loads only
// what it needs: the vocabulary shards its words can match, the postings of the words they match,
// and the rows of the hits it shows (which a heads file or an answers shard brings along for the
// first pages it holds). Files are classic scripts calling `typeaheadIndex(name, payload)`
// (so they load from file://). The answer is computed by TypeaheadCore's own search over the
// records and words loaded, which hold everything the contract looks at: exactly the Swift engine's
// answer. The page's one script loader (`createLoader`) is here too, shared with the prefix maps.
// No DOM here: the page passes `loadScript(src)`; `node --test` passes its own.
(function (root, factory) {
  "use strict";
  const index = factory(typeof require === "function" && typeof module === "object" ? require("./typeahead-core.js") : root.TypeaheadCore);
  if (typeof module === "object" && module.exports) module.exports = index;
  else root.TypeaheadIndex = index;
})(typeof self !== "undefined" ? self : this, function (core) {
  "use strict";

  /**
   * The page's one script loader, for the client indices and the prefix maps alike. Each file is
   * a classic script, loaded once: `loadScript(path)` must run the script at `path` ("….js"), which
   * registers its payload by name, its path without ".js" (the page routes the scripts' globals to
   * `register`). `failed(path)`, the page's `onerror`, makes its payload null: whoever waits for it
   * is told, and it is not asked for again. `lane()` gives loads that may go stale.
   */
  function createLoader(loadScript) {
    const files = new Map(); // name → payload (null: its script failed to load)
    const pending = new Map(); // name → callbacks waiting for it
    const laneOf = new Map(); // name → the lane that started loading it
    const nameOf = (path) => path.replace(/\.js$/, "");

    /** Keeps a file's payload, tells whoever waits for it, then lets its lane go on. */
    function register(name, payload) {
      files.set(name, payload);
      const waiting = pending.get(name);
      if (!waiting) return;
      pending.delete(name);
      const lane = laneOf.get(name);
      laneOf.delete(name);
      if (lane) lane.loading -= 1;
      waiting.forEach((callback) => callback());
      if (lane) lane.resume();
    }

    /** The page calls this when the script at `path` failed to load. */
    function failed(path) {
      register(nameOf(path), null);
    }

    /** Calls `callback(payloads)` once every file of `paths` has run or failed (at once when all have); loads started count in `lane`. */
    function load(paths, callback, lane) {
      const names = Array.from(new Set(paths), nameOf);
      let left = names.length + 1;
      const done = () => {
        if (--left === 0) callback(names.map((n) => files.get(n)));
      };
      for (const name of names) {
        if (files.has(name)) done();
        else if (pending.has(name)) pending.get(name).push(done);
        else {
          pending.set(name, [done]);
          if (lane) {
            laneOf.set(name, lane);
            lane.loading += 1;
          }
          loadScript(name + ".js");
        }
      }
      done();
    }

    /**
     * Loads that may go stale (a lookup that a newer keystroke replaces). Its `need(paths,
     * callback, stale)` starts no load while another load of the lane is in flight: it waits
     * for them, then loads only if `stale()` is still false, and otherwise never calls back. Typed
     * fast (or pasted), a text loads what its last keystroke needs, not what each letter did.
     * Without `stale`, it loads at once (and counts as in flight).
     */
    function lane() {
      const own = { loading: 0, resume };
      let deferred = [];
      function resume() {
        if (own.loading > 0 || deferred.length === 0) return;
        const resumed = deferred;
        deferred = [];
        resumed.forEach((again) => again());
      }
      function need(paths, callback, stale) {
        const starts = paths.some((path) => !files.has(nameOf(path)) && !pending.has(nameOf(path)));
        if (stale && starts) {
          if (stale()) return;
          if (own.loading > 0) {
            deferred.push(() => need(paths, callback, stale));
            return;
          }
        }
        load(paths, callback, own);
      }
      return { need };
    }

    return {
      register,
      failed,
      need: (paths, callback) => load(paths, callback, null),
      lane,
      get: (path) => files.get(nameOf(path)),
      forget: (name) => files.delete(name),
    };
  }

  const fromPoints = (list) => String.fromCodePoint(...list);
  const tail = (word) => Array.from(word).slice(1).join("");

  /**
   * Which parts of the vocabulary can hold a query word's matches, as `[listing, prefix]` pairs
   * ("words" sorted by the word, "tails" by the word after its first letter). A word within the
   * typos allowed shares the query word's first letter, unless two typos are allowed and one is
   * spent on the first letter: then the rest is within one edit at the start (contract version 2),
   * so the word starts with the query word minus its first letter, or with its first two letters
   * swapped, or its tail starts with the query word's tail (another first letter) or with the whole
   * query word (a letter added before it). Superset of the matches; the matcher decides.
   */
  function wordRanges(word, isLast, typoTolerance) {
    const p = core.points(word);
    const max = typoTolerance === false ? 0 : core.allowedTypos(p.length);
    if (max === 0) return [["words", word]];
    const ranges = [["words", fromPoints(p.slice(0, 1))]];
    if (max >= 2) {
      ranges.push(["words", fromPoints(p.slice(1))]);
      ranges.push(["words", fromPoints([p[1], p[0]].concat(p.slice(2)))]);
      ranges.push(["tails", fromPoints(p.slice(1))]);
      ranges.push(["tails", word]);
    }
    return ranges;
  }

  /** The shards of a listing's manifest `[[firstKey, slug], …]` that can hold keys starting with `prefix`. */
  function shardsFor(manifest, prefix) {
    if (manifest.length === 0) return [];
    let low = 0;
    let high = manifest.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (core.compareCodePoints(manifest[mid][0], prefix) < 0) low = mid + 1;
      else high = mid;
    }
    let i = Math.max(low - 1, 0);
    const slugs = [manifest[i][1]];
    for (i += 1; i < manifest.length && manifest[i][0].startsWith(prefix); i++) slugs.push(manifest[i][1]);
    return slugs;
  }

  /** A word's postings `[Δnumber, 2 × count + sole, attribute, position, …]` as `[{number, sole, places}]`. */
  function decodePostings(flat) {
    const postings = [];
    let number = 0;
    for (let i = 0; i < flat.length; ) {
      number += flat[i];
      const count = flat[i + 1] >> 1;
      postings.push({ number, sole: (flat[i + 1] & 1) === 1, places: flat.slice(i + 2, i + 2 + 2 * count) });
      i += 2 + 2 * count;
    }
    return postings;
  }

  /** Record numbers from differences. */
  function decodeNumbers(deltas) {
    let number = 0;
    return deltas.map((d) => (number += d));
  }

  /**
   * A client index over its manifest (from index.html) and a loader.
   * `search(query, {scope: [attribute, value] | null, typoTolerance, stale}, callback)` calls back with
   * `{nbHits, numbers, complete, highlight(text, i), rest}`: the hits' record numbers in ranked
   * order (only the first page when the answer came from a head: `complete` is false and
   * `rest(callback)` gives the whole answer), and the highlighting of a text of hit `i`. When
   * `stale()` turns true while files load, the search stops without calling back. `rows(numbers, callback)` calls back with those records' rows
   * as objects named by the manifest's fields.
   */
  function createClientIndex(manifest, loader) {
    const path = (kind, slug) => manifest.base + kind + "/" + slug + ".js";
    const decoded = new Map(); // postings slug → {lines: Map(word → flat postings), words: Map(word → postings)}
    const spellings = new Map(); // word → its code points, made once (every search spells the words in range)
    // Rows that came with a first page (an answer's, a letter's head): number → cells.
    const known = new Map();
    const learned = new Set(); // the rows scripts whose rows are in `known`
    /** Keeps the rows of a script named `name` (`[number, cells…]` each), once. */
    const learnRows = (name) => {
      const list = loader.get(name);
      if (!list) return;
      for (const entry of list) known.set(entry[0], entry.slice(1));
      loader.forget(name);
      learned.add(name);
    };
    /** Loads a rows file (a head's, an answers shard's), keeps its rows, then calls `then()`. */
    const loadRows = (file, then) => {
      const name = file.replace(/\.js$/, "");
      // Its script was run and forgotten: asked for again, the loader would load it again.
      if (learned.has(name)) return then();
      loader.need([file], () => {
        learnRows(name);
        then();
      });
    };
    const spell = (word) => {
      let points = spellings.get(word);
      if (points === undefined) spellings.set(word, (points = core.points(word)));
      return points;
    };

    function scopeNumbers(scope, callback) {
      if (!scope) return callback(null);
      const entry = manifest.scopes.find((s) => s[0] === scope[0] && s[1] === scope[1]);
      if (!entry) return callback(new Set());
      const file = path("scopes", entry[2]);
      loader.need([file], ([deltas]) => callback(new Set(decodeNumbers(deltas || []))));
    }

    function search(query, options, callback) {
      const typoTolerance = options.typoTolerance !== false;
      const qwords = core.queryWords(query);
      scopeNumbers(options.scope, (inScope) => {
        if (qwords.length === 0) {
          const numbers = [];
          for (let n = 0; n < manifest.count; n++) if (!inScope || inScope.has(n)) numbers.push(n);
          return callback({ nbHits: numbers.length, numbers, complete: true, highlight: (text) => core.highlight(emptyIndex, text, emptyResult, 0) });
        }
        const ranges = qwords.map((w, i) => wordRanges(w, i === qwords.length - 1, typoTolerance));
        const listingFiles = [];
        ranges.forEach((list) => list.forEach(([kind, prefix]) => shardsFor(manifest[kind], prefix).forEach((slug) => listingFiles.push(path(kind, slug)))));
        /** Calls `then(inRange)` with the words in range (word → postings slug), once the listings have loaded. */
        const listed = (then) =>
          loader.need(listingFiles, () => {
            // The words in range, then those the matcher accepts for some query word.
            const inRange = new Map();
            ranges.forEach((list) =>
              list.forEach(([kind, prefix]) => {
                for (const slug of shardsFor(manifest[kind], prefix)) {
                  for (const [word, postings] of loader.get(path(kind, slug)) || []) {
                    if ((kind === "tails" ? tail(word) : word).startsWith(prefix)) inRange.set(word, postings);
                  }
                }
              })
            );
            then(inRange);
          });
        // The whole answer, ranked from the postings (skipped once a newer search has begun).
        const full = (then, stale) =>
          listed((inRange) => {
            if (stale && stale()) return;
            rank(query, qwords, inRange, inScope, typoTolerance, then, stale);
          });
        const computed = () => {
          // One short word, no scope: its head holds the count and the first page (no typo is
          // allowed so short, so the head is the whole answer's start), and the first letters typed
          // load neither the listings nor the postings of every word they start. A letter with no
          // heads file (the manifest lists them), or a prefix without a head line, starts no word:
          // the listings say so.
          const file = headsFile(qwords, inScope);
          if (!file) return full(callback, options.stale);
          loader.need([file], ([heads]) => {
            learnRows(file.replace(/\.js$/, "/rows"));
            if (options.stale && options.stale()) return;
            findHead(qwords[0], heads, options.stale, (head) => {
              if (!head) return full(callback, options.stale);
              const [, nbHits, ...numbers] = head;
              const answer = () =>
                callback({
                  nbHits,
                  numbers,
                  complete: numbers.length >= nbHits,
                  highlight: (text) => highlightAlone(query, text, typoTolerance),
                  rest: full,
                });
              // Past the first letter, the head's rows are a file of their own: one file, not up to
              // twenty `records/` files.
              const rowsFile = headRowsFile(qwords[0], head);
              if (!rowsFile) return answer();
              loadRows(rowsFile, () => {
                if (options.stale && options.stale()) return;
                answer();
              });
            });
          });
        };
        // A text on the way to a suggestion whose postings are large has its first page
        // precomputed: the whole answer is computed only on demand.
        if (!mayHaveAnswer(qwords, options.scope, typoTolerance)) return computed();
        answerFor(
          qwords.join(" "),
          (line) => {
            if (!line) return computed();
            if (options.stale && options.stale()) return;
            const [, nbHits, numbers, placed] = line;
            callback({
              nbHits,
              numbers,
              complete: numbers.length >= nbHits,
              highlight: (name, i) => highlightPlaced(query, name, placed[i], qwords.length, typoTolerance),
              rest: full,
            });
          },
          options.stale
        );
      });
    }

    /**
     * Whether a text's answer may be precomputed: one that is not a head's (one short word),
     * unscoped, with typos allowed (the answers are the unscoped prefix map's keys').
     */
    function mayHaveAnswer(qwords, scope, typoTolerance) {
      return qwords.length > 0 && !isShort(qwords) && !scope && typoTolerance !== false && manifest.answers && manifest.answers.length > 0;
    }

    /** One word of at most `headLength` letters: the texts heads answer. */
    function isShort(qwords) {
      return qwords.length === 1 && core.points(qwords[0]).length <= (manifest.headLength || 0);
    }

    /** The heads file that answers a query of one short word without a scope, if there is one. */
    function headsFile(qwords, inScope) {
      if (inScope || !isShort(qwords)) return null;
      const name = hex(Array.from(qwords[0])[0]);
      return (manifest.heads || []).includes(name) ? path("heads", name) : null;
    }

    /** The rows file of a head `[prefix, nbHits, numbers…]` longer than a letter (a letter's rows open its heads file). */
    function headRowsFile(prefix, head) {
      return head.length > 2 && Array.from(prefix).length > 1 ? path("heads", "rows/" + hex(prefix)) : null;
    }

    /**
     * Calls `then(head | null)` with a prefix's head: one of one or two letters is in its letter's
     * heads file (`letterHeads`), one of three in the rows file of its first two (loaded here, as
     * the second keystroke loads it), which opens with their heads (a script named by their hex).
     */
    function findHead(prefix, letterHeads, stale, then) {
      const letters = Array.from(prefix);
      const lineOf = (lines) => (lines || []).find((line) => line[0] === prefix) || null;
      if (letters.length <= manifest.letterHeadLength) return then(lineOf(letterHeads));
      const parent = letters.slice(0, -1).join("");
      findHead(parent, letterHeads, stale, (up) => {
        // A prefix without hits starts no longer one that has any.
        const file = up && headRowsFile(parent, up);
        if (!file) return then(null);
        loadRows(file, () => {
          if (stale && stale()) return;
          then(lineOf(loader.get(path("heads", hex(parent)))));
        });
      });
    }

    /**
     * Starts loading the file that will answer the first letters typed (a heads file, one small
     * file), so that it loads while the suggestions are drawn; other answers wait for their turn
     * (a prefix's rows too: asked for at every keystroke, they slowed the lists of fast typing).
     */
    function prefetch(query, scope) {
      const file = headsFile(core.queryWords(query), scope);
      if (file) loader.need([file], () => {});
    }

    /**
     * Starts loading what a text's precomputed answer needs (the answers' pages, its shard and its
     * rows), which `search` would load one after the other: called once the suggestion list is
     * drawn, they load while it paints, and the search finds them loaded or on their way. Loads
     * nothing more once `stale()` turns true.
     */
    function prefetchAnswer(query, scope, stale) {
      const qwords = core.queryWords(query);
      if (mayHaveAnswer(qwords, scope, true)) answerFor(qwords.join(" "), () => {}, stale);
    }

    /**
     * Calls `callback(line | null)` with a text's precomputed answer `[text, nbHits, numbers,
     * placed]`: its shard is found in the manifest's pages (first texts), then in the page; in a
     * large index, pages of pages come between (the manifest's `answerLevels` says how many levels
     * of pages stand above the shards).
     */
    function answerFor(text, callback, stale) {
      const descend = (entries, levels) => {
        // A newer search has begun: load no more for this one (nor call back).
        if (stale && stale()) return;
        const entry = core.lastNotAfter(entries || [], text);
        if (!entry) return callback(null);
        if (levels > 0) return loader.need([path("answers", entry[1])], ([next]) => descend(next, levels - 1));
        loader.need([path("answers", entry[1])], ([lines]) => {
          if (stale && stale()) return;
          const line = (lines || []).find((l) => l[0] === text) || null;
          if (!line || line[2].length === 0) return callback(line);
          // A hit: its page's rows are in the shard's rows file, not in twenty `records/` files.
          loadRows(path("answers", "rows/" + entry[1]), () => callback(line));
        });
      };
      descend(manifest.answers, manifest.answerLevels);
    }

    /** A postings shard's lines by word, made once per shard. */
    function postingsShard(slug) {
      if (!decoded.has(slug)) decoded.set(slug, { lines: new Map(loader.get(path("postings", slug)) || []), words: new Map() });
      return decoded.get(slug);
    }

    /** Loads the postings of the candidate words among `inRange` and ranks. */
    function rank(query, qwords, inRange, inScope, typoTolerance, callback, stale) {
      const listed = Array.from(inRange.keys());
      const probe = { spelled: listed.map(spell), vocabulary: new Map(listed.map((w, i) => [w, i])) };
      // Each query word's candidate words, by the contract's own matcher.
      const perWord = qwords.map((w, i) => Array.from(core.matcher(probe, w, i === qwords.length - 1, typoTolerance).distances.keys(), (id) => listed[id]));
      const words = Array.from(new Set(perWord.flat())).sort(core.compareCodePoints);
      const postingFiles = words.map((w) => path("postings", inRange.get(w)));
      loader.need(postingFiles, () => {
        // A newer search has begun while the postings loaded: skip the ranking nobody will see.
        if (stale && stale()) return;
        const postingsOf = (word) => {
          const shard = postingsShard(inRange.get(word));
          if (!shard.words.has(word)) shard.words.set(word, decodePostings(shard.lines.get(word) || []));
          return shard.words.get(word);
        };
        callback(answer(query, perWord, words, postingsOf, inScope, typoTolerance));
      });
    }

    /** Ranks the records holding a candidate of every query word, with the engine's own search. */
    function answer(query, perWord, words, postingsOf, inScope, typoTolerance) {
      // Records matching every query word (and in the scope): a record's mark counts the query
      // words it has matched so far, each once.
      const marks = new Uint8Array(manifest.count);
      const last = perWord.length - 1;
      const found = [];
      perWord.forEach((candidates, i) => {
        for (const word of candidates) {
          for (const p of postingsOf(word)) {
            if (marks[p.number] !== i) continue;
            marks[p.number] = i + 1;
            if (i === last && (!inScope || inScope.has(p.number))) found.push(p.number);
          }
        }
      });
      const records = Int32Array.from(found).sort();
      const place = new Int32Array(manifest.count).fill(-1);
      records.forEach((n, i) => (place[n] = i));
      const occurrences = Array.from(records, () => []);
      const soleWords = Array.from(records, () => new Set());
      words.forEach((word, id) => {
        for (const p of postingsOf(word)) {
          const i = place[p.number];
          if (i < 0) continue;
          for (let k = 0; k < p.places.length; k += 2) occurrences[i].push({ word: id, attribute: p.places[k], element: 0, position: p.places[k + 1] });
          if (p.sole) soleWords[i].add(id);
        }
      });
      for (const list of occurrences) list.sort((a, b) => a.attribute - b.attribute || a.position - b.position);
      // Numbers are custom ranks: the index's custom order is the numbers' order.
      const vocabulary = new Map(words.map((w, i) => [w, i]));
      const index = { records: Array.from(records, (number) => ({ number })), vocabulary, spelled: words.map(spell), occurrences, soleWords, customRank: records };
      const result = core.search(index, query, { typoTolerance });
      return {
        nbHits: result.ranked.length,
        numbers: result.ranked.map((r) => records[r.record]),
        complete: true,
        highlight: (text, i) => core.highlight(index, text, result, result.ranked[i].record),
      };
    }

    function rows(numbers, callback) {
      // A row that came with its first page needs no `records/` file.
      const file = (n) => path("records", String(Math.floor(n / manifest.bucket)));
      loader.need(numbers.filter((n) => !known.has(n)).map(file), () => {
        callback(
          numbers.map((n) => {
            const cells = known.get(n) || (loader.get(file(n)) || [])[n % manifest.bucket] || [];
            return Object.fromEntries(manifest.fields.map((f, k) => [f, cells[k]]));
          })
        );
      });
    }

    /**
     * Runs the highlighting once on a made-up text, so that its first real use (the first
     * keystroke's results) finds its code compiled and its expressions built.
     */
    function warm() {
      highlightAlone("a", "A warm-up text", true);
      highlightPlaced("ab c", "Abc warm-up", 1, 2, true);
    }

    return { search, rows, warm, prefetch, prefetchAnswer };
  }

  /**
   * The highlighting of a text by a one-word query of at most three letters, from the text alone:
   * no typo is allowed, so the record's placed matches are all its matches, and a word of the text
   * is emphasised exactly when it matches.
   */
  function highlightAlone(query, text, typoTolerance) {
    const index = core.createIndex([{ objectID: "", texts: [[text]], customKey: [] }], []);
    return core.highlight(index, text, core.search(index, query, { typoTolerance }), 0);
  }

  /**
   * The highlighting of a text by a query, given each query word's placed typo count in the
   * record (`placed`: Σ typosᵢ × 4ⁱ, as the build writes it): the text's own words are matched
   * against the query words, and only matches at the placed count are emphasised, as the engine
   * does with the whole record.
   */
  function highlightPlaced(query, text, placed, wordCount, typoTolerance) {
    const index = core.createIndex([{ objectID: "", texts: [[text]], customKey: [] }], []);
    const given = [];
    for (let i = 0, rest = placed; i < wordCount; i++, rest = Math.floor(rest / 4)) given.push(rest % 4);
    return core.highlight(index, text, core.search(index, query, { typoTolerance }), 0, given);
  }

  /** A head's file name: the prefix's UTF-8 bytes in lower-case hex. */
  function hex(text) {
    return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const emptyIndex = { records: [{}], vocabulary: new Map(), spelled: [], occurrences: [[]], soleWords: [new Set()], customRank: [0] };
  const emptyResult = { words: [], ranked: [], matchers: [] };

  return { createLoader, createClientIndex, wordRanges, shardsFor, decodePostings, decodeNumbers };
});
