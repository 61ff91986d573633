// The page's client indices (products and suggestions), sharded so that a typed text loads only
// what it needs: the vocabulary shards its words can match, the postings of the words they match,
// and the rows of the hits it shows (which a heads file brings along for its first pages, and an
// answers shard for the first `answerRows` hits of each answer: a first screen's cards). Files are classic scripts calling `typeaheadIndex(name, payload)`
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

  /** The one shard of a listing's manifest `[[firstKey, slug], …]` that would hold `word`, as a list (none before the first). */
  function shardFor(manifest, word) {
    const entry = core.lastNotAfter(manifest, word);
    return entry ? [entry[1]] : [];
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
   * `search(query, {scope: [attribute, value] | null, typoTolerance, stale, hold}, callback)` calls back with
   * `{nbHits, numbers, complete, highlight(text, i), rest, words, dropped, queryAfterRemoval}`: the
   * hits' record numbers in ranked order (only the first page when the answer came from a head or
   * a precomputed answer: `complete` is false and `rest(callback)` gives the whole answer), the
   * highlighting of a text of hit `i`, the query's words, and, when no record matched every word
   * and words were made optional (`removeWordsIfNoResults`), which of them the first hit does not
   * match (`dropped`, else null) and Algolia's `queryAfterRemoval`. When `stale()` turns true while
   * files load, the search stops without calling back; `hold(then, step)`, when given, is asked
   * before loading the postings (`step` "postings") and before ranking from them ("rank"), when
   * they were not loaded yet: the page lets its suggestion list, which loads files too, draw
   * first. `rows(numbers, callback)` calls back with those records' rows as objects named by the
   * manifest's fields. The manifest's `language` (contract version 3: plurals, synonyms, splits
   * and joins, optional words) is the engine's.
   */
  function createClientIndex(manifest, loader) {
    const path = (kind, slug) => manifest.base + kind + "/" + slug + ".js";
    const language = core.prepareLanguage(manifest.language);
    const decoded = new Map(); // postings slug → {lines: Map(word → flat postings), words: Map(word → postings)}
    const spellings = new Map(); // word → its code points, made once (every search spells the words in range)
    // Rows that came with a first page (a head's, an answer's first `answerRows`): number → cells.
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
          return callback({ nbHits: numbers.length, numbers, complete: true, highlight: (text) => core.highlight(emptyIndex, text, emptyResult, 0), words: [], dropped: null, queryAfterRemoval: null });
        }
        const ranges = qwords.map((w, i) => wordRanges(w, i === qwords.length - 1, typoTolerance));
        // The words the language may look up (plural forms, synonyms' words, joins, split parts):
        // the one listing shard that would hold each, or every shard a join's prefix starts.
        const lookups = core.lookups(query, { typoTolerance, language });
        const lookupShards = ([word, asPrefix]) => (asPrefix ? shardsFor(manifest.words, word) : shardFor(manifest.words, word));
        const listingFiles = [];
        ranges.forEach((list) => list.forEach(([kind, prefix]) => shardsFor(manifest[kind], prefix).forEach((slug) => listingFiles.push(path(kind, slug)))));
        lookups.forEach((lookup) => lookupShards(lookup).forEach((slug) => listingFiles.push(path("words", slug))));
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
            for (const [lookup, asPrefix] of lookups) {
              for (const slug of lookupShards([lookup, asPrefix])) {
                for (const [word, postings] of loader.get(path("words", slug)) || []) {
                  if (asPrefix ? word.startsWith(lookup) : word === lookup) inRange.set(word, postings);
                }
              }
            }
            then(inRange);
          });
        // The whole answer, ranked from the postings (skipped once a newer search has begun).
        const full = (then, stale, hold) => {
          if (stale && stale()) return;
          listed((inRange) => {
            if (stale && stale()) return;
            rank(query, qwords, inRange, inScope, typoTolerance, then, stale, hold);
          });
        };
        const computed = () => {
          // One short word, no scope: its head holds the count and the first page (no typo is
          // allowed so short, so the head is the whole answer's start), and the first letters typed
          // load neither the listings nor the postings of every word they start. A letter with no
          // heads file (the manifest lists them), or a prefix without a head line, starts no word:
          // the listings say so.
          const file = headsFile(qwords, inScope);
          if (!file || !highlightsAlone(qwords)) return full(callback, options.stale, options.hold);
          loader.need([file], ([heads]) => {
            learnRows(file.replace(/\.js$/, "/rows"));
            if (options.stale && options.stale()) return;
            findHead(qwords[0], heads, options.stale, (head) => {
              if (!head) return full(callback, options.stale, options.hold);
              const [, nbHits, ...numbers] = head;
              const answer = () =>
                callback({
                  nbHits,
                  numbers,
                  complete: numbers.length >= nbHits,
                  highlight: (text) => highlightAlone(query, text, typoTolerance, language),
                  rest: full,
                  words: qwords,
                  dropped: null,
                  queryAfterRemoval: null,
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
            const [, nbHits, numbers, placed, optionalBits] = line;
            // Words made optional to find hits: dropped where the first hit does not match them (3).
            const dropped =
              optionalBits === undefined ? null : qwords.map((_, i) => (optionalBits & (1 << i)) !== 0 && (placed.length === 0 || decodePlaced(placed[0], qwords.length)[i] === Infinity));
            const respond = (splits) =>
              callback({
                nbHits,
                numbers,
                complete: numbers.length >= nbHits,
                highlight: (name, i) => highlightPlaced(query, name, placed[i], qwords.length, typoTolerance, language, splits),
                rest: full,
                words: qwords,
                dropped,
                queryAfterRemoval: core.removalText(qwords, dropped),
              });
            // Rarely, a hit's name holds a split of a word placed at its split's typo: which split
            // the engine took is for the whole index to say.
            const unsure = unsureSplits(qwords, numbers, placed);
            if (unsure.length === 0) return respond(null);
            resolveSplits(unsure, (splits) => {
              if (options.stale && options.stale()) return;
              respond(splits);
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
          // A hit: its first screen's rows are in the shard's rows file, not in a dozen `records/` files.
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

    /**
     * Loads the postings of the words the query reads among `inRange` (its candidate words, their
     * alternatives, the parts of its phrases and of every split it may take) and ranks, each
     * step once `hold` (when given) lets it.
     */
    function rank(query, qwords, inRange, inScope, typoTolerance, callback, stale, hold) {
      const listed = Array.from(inRange.keys());
      const probe = { spelled: listed.map(spell), vocabulary: new Map(listed.map((w, i) => [w, i])) };
      // The words read, by the contract's own matchers over the words listed.
      const words = Array.from(core.wordsRead(probe, query, { typoTolerance, language }), (id) => listed[id]).sort(core.compareCodePoints);
      const postingFiles = words.map((w) => path("postings", inRange.get(w)));
      // Postings already there (a text typed before): ranked at once, held for nothing.
      const loaded = postingFiles.every((file) => loader.get(file) !== undefined);
      const load = () => {
        if (stale && stale()) return;
        loader.need(postingFiles, () => {
          // A newer search has begun while the postings loaded: skip the ranking nobody will see.
          if (stale && stale()) return;
          const ranked = () => {
            if (stale && stale()) return;
            const source = { postings: (word) => postingsOf(word, inRange.get(word)), flat: (word) => flatPostings(word, inRange.get(word)) };
            callback(answer(query, words, source, inScope, typoTolerance));
          };
          if (hold && !loaded) hold(ranked, "rank");
          else ranked();
        });
      };
      if (hold && !loaded) hold(load, "postings");
      else load();
    }

    /**
     * Ranks, with the engine's own search, the records that can match: those holding a word that
     * each mandatory query word reads (its matches, its phrases' parts). A split is chosen from
     * its parts' whole postings, as the engine counts every record; when no record matches every
     * word and `removeWordsIfNoResults` makes words optional, every record holding a word read is
     * ranked. The words read hold every place the contract looks at.
     */
    function answer(query, words, source, inScope, typoTolerance) {
      const postingsOf = source.postings;
      const vocabulary = new Map(words.map((w, i) => [w, i]));
      const spelled = words.map(spell);
      // The split of the most records (then the shorter first part), none if found in no record.
      const bestSplit = (index, scalars) => {
        let best = null;
        let records = 0;
        for (const [a, b] of core.splitCandidates(index, scalars)) {
          const count = adjacentRecords(postingsOf(words[a]), postingsOf(words[b]));
          if (count > records) {
            best = [a, b];
            records = count;
          }
        }
        return best;
      };
      const options = { typoTolerance, language, bestSplit };
      const { matchers } = core.queryMatchers({ spelled, vocabulary }, query, options);
      const reads = matchers.map((m) => {
        const ids = new Set(m.distances.keys());
        for (const phrase of m.phrases) phrase.parts.forEach((id) => ids.add(id));
        return ids;
      });
      // Records holding a word read by each of `needed` (query word indices), each once: a
      // record's mark counts the words it has shown so far.
      const holding = (needed) => {
        const marks = new Uint8Array(manifest.count);
        const found = [];
        // The postings are read flat (`[Δnumber, 2 × count + sole, places…]`), not decoded:
        // a short last word reads the postings of hundreds of words.
        needed.forEach((i, k) => {
          const last = k === needed.length - 1;
          for (const id of reads[i]) {
            const flat = source.flat(words[id]);
            let number = 0;
            for (let x = 0; x < flat.length; x += 2 + 2 * (flat[x + 1] >> 1)) {
              number += flat[x];
              if (marks[number] !== k) continue;
              marks[number] = k + 1;
              if (last) found.push(number);
            }
          }
        });
        return found;
      };
      const mandatory = matchers.map((m, i) => (m.optional ? -1 : i)).filter((i) => i >= 0);
      // With every word optional, a record needs any one of them.
      const anyWord = () => Array.from(new Set(matchers.flatMap((_, i) => holding([i]))));
      const rankOver = (found) => {
        const records = Int32Array.from(found).sort();
        const place = new Int32Array(manifest.count).fill(-1);
        records.forEach((n, i) => (place[n] = i));
        const occurrences = Array.from(records, () => []);
        const soleWords = Array.from(records, () => new Set());
        words.forEach((word, id) => {
          const flat = source.flat(word);
          let number = 0;
          for (let x = 0; x < flat.length; x += 2 + 2 * (flat[x + 1] >> 1)) {
            number += flat[x];
            const i = place[number];
            if (i < 0) continue;
            const end = x + 2 + 2 * (flat[x + 1] >> 1);
            for (let k = x + 2; k < end; k += 2) occurrences[i].push({ word: id, attribute: flat[k], element: 0, position: flat[k + 1] });
            if ((flat[x + 1] & 1) === 1) soleWords[i].add(id);
          }
        });
        for (const list of occurrences) list.sort((a, b) => a.attribute - b.attribute || a.position - b.position);
        // Numbers are custom ranks: the index's custom order is the numbers' order.
        const index = { records: Array.from(records, (number) => ({ number })), vocabulary, spelled, occurrences, soleWords, customRank: records };
        const allowed = inScope ? (r) => inScope.has(records[r]) : undefined;
        return { index, records, result: core.search(index, query, { ...options, allowed }) };
      };
      let ranked = rankOver(mandatory.length > 0 ? holding(mandatory) : anyWord());
      if (ranked.result.wordsRemoved) ranked = rankOver(anyWord());
      const { index, records, result } = ranked;
      const first = result.ranked[0];
      const dropped = core.droppedWords(result, result.wordsRemoved && first ? core.placedTypos(index, first.record, result.matchers) : null);
      return {
        nbHits: result.ranked.length,
        numbers: result.ranked.map((r) => records[r.record]),
        complete: true,
        highlight: (text, i) => core.highlight(index, text, result, result.ranked[i].record),
        words: result.words,
        dropped,
        queryAfterRemoval: core.removalText(result.words, dropped),
      };
    }

    /** A word's postings as its shard `slug` holds them: `[Δnumber, 2 × count + sole, places…]`. */
    function flatPostings(word, slug) {
      return postingsShard(slug).lines.get(word) || [];
    }

    /** A word's postings, decoded once, from its shard `slug`. */
    function postingsOf(word, slug) {
      const shard = postingsShard(slug);
      if (!shard.words.has(word)) shard.words.set(word, decodePostings(shard.lines.get(word) || []));
      return shard.words.get(word);
    }

    /**
     * The query words whose split a precomputed answer's highlighting needs from the whole index:
     * a hit's name (the text the page highlights) holds two adjacent words that join into the query
     * word, and the hit places the word at 1 typo (a split's). Highlighted from the name alone,
     * the split would be chosen among the name's words, which may not be the engine's choice.
     */
    function unsureSplits(qwords, numbers, placed) {
      const name = manifest.fields.indexOf("name");
      if (name < 0 || !language.splitsAndJoins) return [];
      return qwords.filter((word, i) => {
        const cuts = core.splitCuts(core.points(word));
        if (cuts.length === 0) return false;
        return numbers.some((number, k) => {
          if (decodePlaced(placed[k], qwords.length)[i] !== 1) return false;
          const texts = core.words(String((known.get(number) || [])[name] || ""));
          return cuts.some(([a, b]) => texts.some((text, j) => text === a && texts[j + 1] === b));
        });
      });
    }

    /**
     * Calls `then(splits)` with the split the engine takes of each word of `qwords` (word → its two
     * parts, or null): of the cuts whose parts are words of the index, the one whose parts stand
     * adjacent and in order in the most records, read from the parts' whole postings (then the
     * shorter first part; none found in any record is not taken).
     */
    function resolveSplits(qwords, then) {
      const cuts = qwords.map((word) => core.splitCuts(core.points(word)));
      const parts = Array.from(new Set(cuts.flat(2)));
      loader.need(parts.flatMap((w) => shardFor(manifest.words, w).map((slug) => path("words", slug))), () => {
        const slugOf = new Map();
        for (const w of parts) {
          for (const slug of shardFor(manifest.words, w)) {
            const entry = (loader.get(path("words", slug)) || []).find(([word]) => word === w);
            if (entry) slugOf.set(w, entry[1]);
          }
        }
        const valid = cuts.map((list) => list.filter(([a, b]) => slugOf.has(a) && slugOf.has(b)));
        const files = valid.flat(2).map((w) => path("postings", slugOf.get(w)));
        loader.need(files, () => {
          const splits = new Map();
          qwords.forEach((word, i) => {
            let best = null;
            let records = 0;
            for (const [a, b] of valid[i]) {
              const count = adjacentRecords(postingsOf(a, slugOf.get(a)), postingsOf(b, slugOf.get(b)));
              if (count > records) {
                best = [a, b];
                records = count;
              }
            }
            splits.set(word, best);
          });
          then(splits);
        });
      });
    }

    /**
     * Whether a head's hits can be highlighted from their text alone: a short word matches at 0
     * typos, unless a synonym gives it an alternative at typos (an `altCorrection`), which only
     * the whole record can place.
     */
    function highlightsAlone(qwords) {
      return qwords.every((w) => (language.synonyms.get(w) || []).every((alternative) => alternative.typos === 0));
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
     * Calls `callback(values)` with each record's values of the snippeted attribute (the manifest's
     * `snippet`: `snippets/<n>.js`, a line a record), loaded for these records only.
     */
    function snippets(numbers, callback) {
      const snippet = manifest.snippet;
      if (!snippet) return callback(numbers.map(() => []));
      const file = (n) => path("snippets", String(Math.floor(n / snippet.bucket)));
      loader.need(Array.from(new Set(numbers.map(file))), () => {
        callback(numbers.map((n) => (loader.get(file(n)) || [])[n % snippet.bucket] || []));
      });
    }

    /**
     * Runs the highlighting once on a made-up text, so that its first real use (the first
     * keystroke's results) finds its code compiled and its expressions built.
     */
    function warm() {
      highlightAlone("a", "A warm-up text", true, language);
      highlightPlaced("ab c", "Abc warm-up", 1, 2, true, language);
    }

    return { search, rows, snippets, snippet: manifest.snippet || null, warm, prefetch };
  }

  /**
   * The highlighting of a text by a one-word query of at most three letters, from the text alone:
   * no typo is allowed (nor has the word an alternative at typos: `highlightsAlone`), so the
   * record's placed matches are all its matches, and a word of the text is emphasised exactly
   * when it matches (a plural form or a synonym's word alike).
   */
  function highlightAlone(query, text, typoTolerance, language) {
    const index = core.createIndex([{ objectID: "", texts: [[text]], customKey: [] }], []);
    return core.highlight(index, text, core.queryMatchers(index, query, { typoTolerance, language }), 0);
  }

  /** Each query word's placed typo count from a precomputed answer's code (Σ typosᵢ × 4ⁱ; 3: no match). */
  function decodePlaced(placed, wordCount) {
    const given = [];
    for (let i = 0, rest = placed; i < wordCount; i++, rest = Math.floor(rest / 4)) given.push(rest % 4 === 3 ? Infinity : rest % 4);
    return given;
  }

  /**
   * The highlighting of a text by a query, given each query word's placed typo count in the
   * record (`placed`: Σ typosᵢ × 4ⁱ, as the build writes it): the text's own words are matched
   * against the query words, and only matches at the placed count are emphasised, as the engine
   * does with the whole record. A word's split is chosen among the text's own words, unless
   * `splits` (word → parts, from the whole index) says which the engine took.
   */
  function highlightPlaced(query, text, placed, wordCount, typoTolerance, language, splits) {
    const index = core.createIndex([{ objectID: "", texts: [[text]], customKey: [] }], []);
    const options = { typoTolerance, language };
    if (splits) {
      options.bestSplit = (one, scalars) => {
        const parts = splits.get(String.fromCodePoint(...scalars));
        if (parts === undefined) return core.bestSplit(one, scalars);
        const ids = parts ? parts.map((w) => core.wordID(one, w)) : [];
        return ids.length > 0 && ids.every((id) => id >= 0) ? ids : null;
      };
    }
    return core.highlight(index, text, core.queryMatchers(index, query, options), 0, decodePlaced(placed, wordCount));
  }

  /**
   * How many records hold a word whose postings are `first` directly followed by one whose
   * postings are `second`: places (attribute, p) and (attribute, p + 1) of one record (values of
   * an array attribute stand 8 positions apart, so never adjacent).
   */
  function adjacentRecords(first, second) {
    let count = 0;
    for (let i = 0, j = 0; i < first.length && j < second.length; ) {
      if (first[i].number < second[j].number) i += 1;
      else if (first[i].number > second[j].number) j += 1;
      else {
        const a = first[i].places;
        const b = second[j].places;
        let adjacent = false;
        for (let x = 0; x < a.length && !adjacent; x += 2) {
          for (let y = 0; y < b.length; y += 2) {
            if (a[x] === b[y] && a[x + 1] + 1 === b[y + 1]) {
              adjacent = true;
              break;
            }
          }
        }
        if (adjacent) count += 1;
        i += 1;
        j += 1;
      }
    }
    return count;
  }

  /** A head's file name: the prefix's UTF-8 bytes in lower-case hex. */
  function hex(text) {
    return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const emptyIndex = { records: [{}], vocabulary: new Map(), spelled: [], occurrences: [[]], soleWords: [new Set()], customRank: [0] };
  const emptyResult = { words: [], ranked: [], matchers: [] };

  return { createLoader, createClientIndex, wordRanges, shardsFor, decodePostings, decodeNumbers, highlightPlaced, adjacentRecords };
});
