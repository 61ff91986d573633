typeaheadIndex("data/products/heads/6174", [
["at",1,0],
]);
