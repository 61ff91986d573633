typeaheadIndex("data/products/heads/746f", [
["to",1,1],
["tou",1,1],
]);
