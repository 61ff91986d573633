typeaheadIndex("data/products/heads/6d", [
["m",1,2],
]);
