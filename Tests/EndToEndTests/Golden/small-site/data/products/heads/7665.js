typeaheadIndex("data/products/heads/7665", [
["ve",1,1],
["ver",1,1],
]);
