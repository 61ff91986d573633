typeaheadIndex("data/products/heads/66", [
["f",2,2,1],
]);
