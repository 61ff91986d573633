typeaheadIndex("data/products/heads/74", [
["t",2,0,1],
]);
