typeaheadIndex("data/products/heads/7376", [
["sv",1,3],
["svg",1,3],
]);
