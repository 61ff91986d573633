typeaheadIndex("data/products/heads/6d", [
["m",1,0],
["mi",1,0],
["mic",1,0],
["min",1,0],
]);
