typeaheadIndex("data/products/heads/72", [
["r",1,8],
["re",1,8],
["ren",1,8],
]);
