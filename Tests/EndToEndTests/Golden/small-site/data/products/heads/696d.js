typeaheadIndex("data/products/heads/696d", [
["im",1,3],
["img",1,3],
]);
