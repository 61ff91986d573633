typeaheadIndex("data/products/heads/6665", [
["fe",1,1],
["fea",1,1],
]);
