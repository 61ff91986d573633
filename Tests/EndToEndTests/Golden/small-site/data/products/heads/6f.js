typeaheadIndex("data/products/heads/6f", [
["o",1,3],
]);
