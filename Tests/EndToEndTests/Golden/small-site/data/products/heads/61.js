typeaheadIndex("data/products/heads/61", [
["a",4,0,1,3],
["a9",1,1],
["ac",1,2],
["acc",1,2],
["al",1,3],
["ale",1,3],
["an",2,0,1],
["and",2,0,1],
["ap",1,1],
["app",1,1],
["as",1,0],
["at",1,0],
]);
