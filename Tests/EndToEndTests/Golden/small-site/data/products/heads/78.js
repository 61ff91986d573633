typeaheadIndex("data/products/heads/78", [
["x",1,3],
]);
