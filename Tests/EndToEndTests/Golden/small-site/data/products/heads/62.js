typeaheadIndex("data/products/heads/62", [
["b",1,3],
["bo",1,3],
["bol",1,3],
]);
