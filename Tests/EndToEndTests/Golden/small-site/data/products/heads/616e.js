typeaheadIndex("data/products/heads/616e", [
["an",2,0,1],
["and",2,0,1],
]);
