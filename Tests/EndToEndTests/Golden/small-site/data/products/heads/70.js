typeaheadIndex("data/products/heads/70", [
["p",4,4,0,1],
]);
