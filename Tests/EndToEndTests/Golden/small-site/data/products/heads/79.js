typeaheadIndex("data/products/heads/79", [
["y",1,0],
["yo",1,0],
["you",1,0],
]);
