typeaheadIndex("data/products/heads/6173", [
["as",1,0],
]);
