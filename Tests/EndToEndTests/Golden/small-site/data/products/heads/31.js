typeaheadIndex("data/products/heads/31", [
["1",2,1,3],
["16",1,1],
["16g",1,1],
]);
