typeaheadIndex("data/products/heads/34", [
["4",3,0,1,3],
["4g",1,0],
]);
