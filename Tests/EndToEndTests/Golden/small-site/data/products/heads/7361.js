typeaheadIndex("data/products/heads/7361", [
["sa",1,0],
["sam",1,0],
]);
