typeaheadIndex("data/products/heads/67", [
["g",2,0,1],
["ga",1,0],
["gal",1,0],
["go",1,0],
["gop",1,0],
["gr",2,1,0],
["gra",2,1,0],
]);
