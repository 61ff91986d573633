typeaheadIndex("data/suggestions/postings/cable", [
["cable",[2,3,0,0]],
["galaxy",[0,3,0,0,1,2,0,0]],
["watch",[1,2,0,1]],
]);
