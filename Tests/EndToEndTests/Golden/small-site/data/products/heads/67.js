typeaheadIndex("data/products/heads/67", [
["g",2,0,1],
]);
