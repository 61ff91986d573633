typeaheadIndex("data/products/heads/6f", [
["o",1,1],
["ot",1,1],
["ott",1,1],
]);
