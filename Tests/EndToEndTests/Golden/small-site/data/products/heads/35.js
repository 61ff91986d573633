typeaheadIndex("data/products/heads/35", [
["5",1,0],
]);
