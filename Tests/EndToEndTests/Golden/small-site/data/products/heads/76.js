typeaheadIndex("data/products/heads/76", [
["v",1,1],
["ve",1,1],
["ver",1,1],
]);
