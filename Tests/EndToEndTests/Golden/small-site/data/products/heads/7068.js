typeaheadIndex("data/products/heads/7068", [
["ph",3,0,1,2],
["pho",3,0,1,2],
]);
