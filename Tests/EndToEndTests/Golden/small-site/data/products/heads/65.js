typeaheadIndex("data/products/heads/65", [
["e",1,0],
]);
