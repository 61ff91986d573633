typeaheadIndex("data/products/heads/796f", [
["yo",1,0],
["you",1,0],
]);
