typeaheadIndex("data/products/heads/61", [
["a",4,0,1,3],
]);
