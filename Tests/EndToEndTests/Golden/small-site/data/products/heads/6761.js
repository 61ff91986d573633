typeaheadIndex("data/products/heads/6761", [
["ga",1,0],
["gal",1,0],
]);
