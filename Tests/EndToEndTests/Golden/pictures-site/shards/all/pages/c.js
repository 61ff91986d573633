typeaheadManifest("all/pages/c", [
["c","shards/all/c.js"],
]);
