typeaheadIndex("data/products/heads/70", [
["p",4,4,0,1],
["ph",3,0,1,2],
["pho",3,0,1,2],
["pl",1,4],
["pla",1,4],
["pr",1,0],
["pre",1,0],
]);
