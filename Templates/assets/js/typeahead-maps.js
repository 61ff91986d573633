// Prefix-map lookups for the page: find a key's shard in a map's manifest, load the shard as a
// classic script (it calls `typeaheadShard`) through the page's one loader, resolve "=" values.
// No DOM here: the page passes its loader (`TypeaheadIndex.createLoader`); `node --test` its own.
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
   * A store over the site data embedded in index.html, loading through the page's one loader
   * (`TypeaheadIndex.createLoader`): a shard calls the global `typeaheadShard`, routed to
   * `register`, a manifest page `typeaheadManifest`, routed to `registerPage`; each registers by
   * its path without ".js". A map's manifest is in pages of about 64 shards, with pages of pages
   * above them in a large map; the site data lists the top level by first key and says how many
   * levels of pages it stands above the shards (`levels`), so a key is found in a page of each
   * level, then in its shard (a page, once loaded, serves every key of its range).
   */
  function createStore(data, loader) {
    const byId = new Map(data.maps.map((m) => [m.id, m]));
    const queries = new Map(Object.entries(data.queries || {}));
    /** A shard's or a page's script names itself by its path in the shards' folder. */
    const folder = data.layout.shards;
    // Lookups that may go stale wait while a map file is loading, then load only if a newer text
    // has not replaced theirs: typed fast (or pasted), a text loads the shard of its last
    // keystroke, not one per letter (`case iphone` loaded 8 shards at 100,000 products).
    const lane = loader.lane();

    /** A shard's script (`typeaheadShard`): its query texts kept, its lines parsed once, into the loader. */
    function register(name, shardQueries, lines) {
      for (const [id, query] of Object.entries(shardQueries)) queries.set(id, query);
      loader.register(folder + name, parseShard(lines));
    }

    /** A manifest page's script (`typeaheadManifest`): its entries `[[firstKey, file], …]`, into the loader. */
    function registerPage(name, entries) {
      loader.register(folder + name, entries);
    }

    /**
     * Calls `callback(ids | null)` with the map's value for a typed text: `null` when the text is
     * not a key (the page then asks its own engine). With `stale`, the lookup stops without
     * calling back once `stale()` is true (see the loader's `lane`).
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
      const descend = (entry, levels) =>
        lane.need([entry[1]], ([listed]) => {
          if (gone()) return;
          if (levels === 0) {
            const value = listed && listed.get(key);
            return callback(value === undefined || value === null ? null : value);
          }
          const next = listed && shardFor(listed, key);
          if (!next) return callback(null);
          descend(next, levels - 1);
        }, stale);
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
      for (const [, file] of map.pages) lane.need([file], () => {});
    }

    /** The text of a suggestion: its query, or its objectID when they are the same. */
    function query(id) {
      return queries.has(id) ? queries.get(id) : id;
    }

    return { register, registerPage, lookup, prefetch, query };
  }

  return { parseShard, shardFor, createStore };
});
