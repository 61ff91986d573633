typeaheadIndex("data/products/scopes/categories-cell-phones-c7b85b74", [
0,1
]);
