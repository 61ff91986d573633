typeaheadIndex("data/products/heads/62", [
["b",2,5,2],
["ba",1,5],
["ban",1,5],
["be",1,2],
["bel",1,2],
]);
