typeaheadIndex("data/products/heads/36", [
["6",1,2],
]);
