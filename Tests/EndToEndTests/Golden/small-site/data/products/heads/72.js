typeaheadIndex("data/products/heads/72", [
["r",1,1],
["re",1,1],
["ret",1,1],
]);
