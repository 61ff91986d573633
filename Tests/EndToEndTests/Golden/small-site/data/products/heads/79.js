typeaheadIndex("data/products/heads/79", [
["y",1,0],
]);
