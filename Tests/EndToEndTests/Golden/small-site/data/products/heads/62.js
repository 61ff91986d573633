typeaheadIndex("data/products/heads/62", [
["b",1,3],
]);
