typeaheadIndex("data/products/heads/7365", [
["se",1,1],
]);
