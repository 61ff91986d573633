typeaheadIndex("data/products/heads/32", [
["2",1,2],
]);
