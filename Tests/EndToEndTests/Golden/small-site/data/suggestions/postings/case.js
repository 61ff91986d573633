typeaheadIndex("data/suggestions/postings/case", [
["case",[1,2,0,1]],
["charger",[3,2,0,1]],
["cheap",[3,2,0,0]],
["galaxy",[2,2,0,1]],
["iphone",[0,3,0,0,1,2,0,0]],
["samsung",[2,2,0,0]],
]);
