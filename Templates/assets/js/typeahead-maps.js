// Prefix-map lookups for the page: find a key's shard in a map's manifest, load the shard as a
// classic script (it calls `typeaheadShard`), resolve "=" values, cache. No DOM here: the page
// passes a `loadScript(src)` function; `node --test` passes its own.
(function (root, factory) {
  "use strict";
  const maps = factory(typeof require === "function" && typeof module === "object" ? require("./typeahead-core.js") : root.TypeaheadCore);
  if (typeof module === "object" && module.exports) module.exports = maps;
  else root.TypeaheadMaps = maps;
})(typeof self !== "undefined" ? self : this, function (core) {
  "use strict";

  /** Parses a shard's lines `[key, ids | "="]` into a Map, "=" meaning the value of the key one character shorter. */
  function parseShard(lines) {
    const values = new Map();
    for (const [key, value] of lines) {
      if (value === "=") {
        const chars = Array.from(key);
        chars.pop();
        const parent = chars.join("").replace(/ $/, "");
        values.set(key, values.get(parent));
      } else {
        values.set(key, value);
      }
    }
    return values;
  }

  /** The most manifest pages `prefetch` loads for a map. */
  const prefetchPages = 4;

  /** The manifest entry whose range holds `key`: the last one whose first key is not after it. */
  const shardFor = core.lastNotAfter;

  /**
   * A store over the site data embedded in index.html. `loadScript(src)` must make the script at
   * `src` run: a shard calls the global `typeaheadShard` (installed via `register`), a manifest page
   * `typeaheadManifest` (via `registerPage`). A map's manifest is in pages of about 64 shards,
   * with pages of pages above them in a large map; the site data lists the top level by first key
   * and says how many levels of pages it stands above the shards (`levels`), so a key is found in
   * a page of each level, then in its shard (a page, once loaded, serves every key of its range).
   */
  function createStore(data, loadScript) {
    const byId = new Map(data.maps.map((m) => [m.id, m]));
    const shards = new Map(); // shard name → Map(key → ids)
    const pages = new Map(); // page name → [[firstKey, file]]
    const pending = new Map(); // shard or page name → [callbacks]
    const queries = new Map(Object.entries(data.queries || {}));
    // Lookups that may go stale wait while a script is loading, then load only if a newer text
    // has not replaced theirs: typed fast (or pasted), a text loads the shard of its last
    // keystroke, not one per letter (`case iphone` loaded 8 shards at 100,000 products).
    let loading = 0;
    let deferred = [];
    const broken = new Set(); // names whose script failed to load: not asked for again

    function arrived(name) {
      if (!pending.has(name)) return;
      const waiting = pending.get(name);
      pending.delete(name);
      loading -= 1;
      waiting.forEach((callback) => callback());
      if (loading === 0 && deferred.length) {
        const resumed = deferred;
        deferred = [];
        resumed.forEach((resume) => resume());
      }
    }

    function register(name, shardQueries, lines) {
      for (const [id, query] of Object.entries(shardQueries)) queries.set(id, query);
      shards.set(name, parseShard(lines));
      arrived(name);
    }

    function registerPage(name, entries) {
      pages.set(name, entries);
      arrived(name);
    }

    /**
     * Calls `then()` once the script of `file` (named `name`) has run or failed to load; with
     * `stale`, a load not yet started waits for the scripts loading, and is dropped (`then` is
     * never called) if `stale()` has turned true by then.
     */
    function load(cache, name, file, then, stale) {
      if (cache.has(name) || broken.has(name)) return then();
      if (pending.has(name)) return pending.get(name).push(then);
      if (stale) {
        if (stale()) return;
        if (loading > 0) return deferred.push(() => load(cache, name, file, then, stale));
      }
      loading += 1;
      pending.set(name, [then]);
      loadScript(file);
    }

    /**
     * The page calls this when the script of `file` failed to load: its lookups answer null (the
     * page then asks its own engine), now and later.
     */
    function failed(file) {
      broken.add(nameOf(file));
      arrived(nameOf(file));
    }

    /** A shard's or a page's name, as its script registers it: its path in the shards' folder. */
    const folder = data.layout.shards;
    const nameOf = (file) => (file.startsWith(folder) ? file.slice(folder.length) : file).replace(/\.js$/, "");

    /**
     * Calls `callback(ids | null)` with the map's value for a typed text: `null` when the text is
     * not a key (the page then asks its own engine). With `stale`, the lookup stops without
     * calling back once `stale()` is true (see `load`).
     */
    function lookup(mapId, text, callback, stale) {
      const map = byId.get(mapId);
      const key = core.normalize(text);
      if (!map) return callback(null);
      if (key === "") return callback(map.empty);
      const page = shardFor(map.pages, key);
      if (!page) return callback(null);
      const gone = () => stale && stale();
      // Down the manifest's levels (pages of pages, then pages of shards) to the key's shard.
      const descend = (entry, levels) => {
        const name = nameOf(entry[1]);
        if (levels === 0) {
          return load(shards, name, entry[1], () => {
            if (gone()) return;
            const shard = shards.get(name);
            const value = shard && shard.get(key);
            callback(value === undefined || value === null ? null : value);
          }, stale);
        }
        load(pages, name, entry[1], () => {
          if (gone()) return;
          const listed = pages.get(name);
          const next = listed && shardFor(listed, key);
          if (!next) return callback(null);
          descend(next, levels - 1);
        }, stale);
      };
      descend(page, map.levels);
    }

    /**
     * Loads the top-level manifest pages of a small map (at most `prefetchPages`), so that the
     * first keystroke loads only its shard: on the sample, the first list showed after the page,
     * then the shard (two loads in turn, about 35 ms at CPU 4x). A larger map's pages are many,
     * and only one is needed: none is loaded ahead.
     */
    function prefetch(mapId) {
      const map = byId.get(mapId);
      if (!map || map.pages.length > prefetchPages) return;
      for (const [, file] of map.pages) load(pages, nameOf(file), file, () => {});
    }

    /** The text of a suggestion: its query, or its objectID when they are the same. */
    function query(id) {
      return queries.has(id) ? queries.get(id) : id;
    }

    return { register, registerPage, failed, lookup, prefetch, query };
  }

  return { parseShard, shardFor, createStore };
});
