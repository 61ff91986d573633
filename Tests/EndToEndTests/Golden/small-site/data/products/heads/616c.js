typeaheadIndex("data/products/heads/616c", [
["al",1,3],
["ale",1,3],
]);
