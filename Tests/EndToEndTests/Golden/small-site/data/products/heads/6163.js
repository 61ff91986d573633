typeaheadIndex("data/products/heads/6163", [
["ac",1,2],
["acc",1,2],
]);
