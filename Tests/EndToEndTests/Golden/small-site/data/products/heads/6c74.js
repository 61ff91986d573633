typeaheadIndex("data/products/heads/6c74", [
["lt",1,0],
["lte",1,0],
]);
