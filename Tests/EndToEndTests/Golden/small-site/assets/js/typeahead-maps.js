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

  /** The manifest entry whose range holds `key`: the last one whose first key is not after it. */
  function shardFor(manifest, key) {
    let low = 0;
    let high = manifest.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (core.compareCodePoints(manifest[mid][0], key) <= 0) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? null : manifest[low - 1];
  }

  /**
   * A store over the site data embedded in index.html. `loadScript(src)` must make the script at
   * `src` run (it calls the global `typeaheadShard`, which the store installs via `register`).
   */
  function createStore(data, loadScript) {
    const byId = new Map(data.maps.map((m) => [m.id, m]));
    const shards = new Map(); // shard name → Map(key → ids)
    const pending = new Map(); // shard name → [callbacks]
    const queries = new Map(Object.entries(data.queries || {}));

    function register(name, shardQueries, lines) {
      for (const [id, query] of Object.entries(shardQueries)) queries.set(id, query);
      shards.set(name, parseShard(lines));
      const waiting = pending.get(name) || [];
      pending.delete(name);
      waiting.forEach((callback) => callback());
    }

    /**
     * Calls `callback(ids | null)` with the map's value for a typed text: `null` when the text is
     * not a key (the page then asks its own engine).
     */
    function lookup(mapId, text, callback) {
      const map = byId.get(mapId);
      const key = core.normalize(text);
      if (!map) return callback(null);
      if (key === "") return callback(map.empty);
      const entry = shardFor(map.manifest, key);
      if (!entry) return callback(null);
      const name = entry[1].replace(/^shards\//, "").replace(/\.js$/, "");
      const answer = () => {
        const value = shards.get(name).get(key);
        callback(value === undefined ? null : value);
      };
      if (shards.has(name)) return answer();
      if (pending.has(name)) return pending.get(name).push(answer);
      pending.set(name, [answer]);
      loadScript(entry[1]);
    }

    /** The text of a suggestion: its query, or its objectID when they are the same. */
    function query(id) {
      return queries.has(id) ? queries.get(id) : id;
    }

    return { register, lookup, query, shardsLoaded: () => shards.size };
  }

  return { parseShard, shardFor, createStore };
});
