typeaheadIndex("data/products/heads/6461", [
["da",1,0],
["dat",1,0],
]);
