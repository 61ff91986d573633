typeaheadIndex("data/products/heads/66", [
["f",2,2,1],
["fe",1,1],
["fea",1,1],
["fo",1,2],
["for",1,2],
]);
