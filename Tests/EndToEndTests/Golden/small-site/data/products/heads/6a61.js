typeaheadIndex("data/products/heads/6a61", [
["ja",1,3],
["jav",1,3],
]);
