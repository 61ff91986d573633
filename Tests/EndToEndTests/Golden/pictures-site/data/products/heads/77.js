typeaheadIndex("data/products/heads/77", [
["w",2,3,5],
["wa",2,3,5],
["wat",2,3,5],
]);
