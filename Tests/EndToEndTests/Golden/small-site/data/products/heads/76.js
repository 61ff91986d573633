typeaheadIndex("data/products/heads/76", [
["v",1,1],
]);
