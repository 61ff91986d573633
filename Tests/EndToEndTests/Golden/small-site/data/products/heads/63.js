typeaheadIndex("data/products/heads/63", [
["c",5,2,4,0],
["ca",1,2],
["can",1,2],
["cas",1,2],
["ce",3,0,1,2],
["cel",3,0,1,2],
["ch",2,4,1],
["cha",1,4],
["chi",1,1],
["cl",1,3],
["cli",1,3],
]);
