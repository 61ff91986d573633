typeaheadIndex("data/products/heads/64", [
["d",2,0,1],
]);
