typeaheadIndex("data/suggestions/scopes/categories-cell-phones-c7b85b74", [
0,2
]);
