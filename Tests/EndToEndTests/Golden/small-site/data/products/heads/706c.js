typeaheadIndex("data/products/heads/706c", [
["pl",1,4],
["pla",1,4],
]);
