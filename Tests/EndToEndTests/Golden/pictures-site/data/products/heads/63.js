typeaheadIndex("data/products/heads/63", [
["c",4,2,6,1,7],
["ca",3,2,1,7],
["cab",1,2],
["cas",2,1,7],
["ch",1,6],
["cha",1,6],
["cl",1,1],
["cle",1,1],
]);
