typeaheadIndex("data/products/heads/73", [
["s",7,0,1,4,7],
["s7",4,0,1,4,8],
["sa",4,0,3,4,8],
["sam",4,0,3,4,8],
["sc",1,7],
["scr",1,7],
["sp",1,5],
["spe",1,5],
]);
