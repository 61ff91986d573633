typeaheadIndex("data/products/heads/6368", [
["ch",2,4,1],
["cha",1,4],
["chi",1,1],
]);
