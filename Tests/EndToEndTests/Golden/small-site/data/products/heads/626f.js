typeaheadIndex("data/products/heads/626f", [
["bo",1,3],
["bol",1,3],
]);
