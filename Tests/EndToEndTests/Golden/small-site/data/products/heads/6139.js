typeaheadIndex("data/products/heads/6139", [
["a9",1,1],
]);
