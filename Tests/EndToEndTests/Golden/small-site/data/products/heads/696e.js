typeaheadIndex("data/products/heads/696e", [
["in",2,1,0],
["inc",2,1,0],
]);
