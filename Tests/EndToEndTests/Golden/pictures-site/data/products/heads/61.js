typeaheadIndex("data/products/heads/61", [
["a",1,6],
["an",1,6],
["ank",1,6],
]);
