typeaheadIndex("data/products/heads/6964", [
["id",1,1],
]);
