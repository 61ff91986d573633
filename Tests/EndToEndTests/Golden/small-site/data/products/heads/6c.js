typeaheadIndex("data/products/heads/6c", [
["l",1,0],
["lt",1,0],
["lte",1,0],
]);
