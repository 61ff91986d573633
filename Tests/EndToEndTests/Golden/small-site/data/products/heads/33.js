typeaheadIndex("data/products/heads/33", [
["3",2,0,3],
]);
