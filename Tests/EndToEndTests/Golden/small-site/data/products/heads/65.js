typeaheadIndex("data/products/heads/65", [
["e",1,0],
["ex",1,0],
["exp",1,0],
]);
