typeaheadIndex("data/products/heads/31", [
["1",2,1,3],
]);
