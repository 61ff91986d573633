typeaheadIndex("data/products/heads/6c", [
["l",1,0],
]);
