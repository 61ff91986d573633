typeaheadIndex("data/products/heads/74", [
["t",2,0,1],
["to",1,1],
["tou",1,1],
]);
