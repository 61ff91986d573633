typeaheadIndex("data/products/heads/67", [
["g",8,0,1,3,4],
["ga",8,0,1,3,4],
["gal",8,0,1,3,4],
]);
