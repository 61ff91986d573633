typeaheadIndex("data/products/heads/6a", [
["j",1,3],
["ja",1,3],
["jav",1,3],
]);
