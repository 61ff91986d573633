typeaheadIndex("data/products/heads/73", [
["s",4,2,3,1],
]);
