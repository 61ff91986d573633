typeaheadIndex("data/products/heads/72", [
["r",1,1],
]);
