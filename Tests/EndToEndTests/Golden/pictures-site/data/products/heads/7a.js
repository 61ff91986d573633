typeaheadIndex("data/products/heads/7a", [
["z",1,7],
["za",1,7],
["zag",1,7],
]);
