typeaheadIndex("data/products/heads/3467", [
["4g",1,0],
]);
