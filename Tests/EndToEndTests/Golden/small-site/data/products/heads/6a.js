typeaheadIndex("data/products/heads/6a", [
["j",1,3],
]);
