typeaheadIndex("data/products/heads/6772", [
["gr",2,1,0],
["gra",2,1,0],
]);
