typeaheadIndex("data/products/heads/70", [
["p",4,0,4,7,8],
["ph",2,0,8],
["pho",2,0,8],
["po",1,4],
["pos",1,4],
["pr",1,7],
["pro",1,7],
]);
