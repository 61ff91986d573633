typeaheadIndex("data/products/heads/636c", [
["cl",1,3],
["cli",1,3],
]);
