typeaheadIndex("data/products/heads/63", [
["c",5,2,4,0],
]);
