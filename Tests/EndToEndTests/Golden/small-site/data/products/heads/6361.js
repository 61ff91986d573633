typeaheadIndex("data/products/heads/6361", [
["ca",1,2],
["can",1,2],
["cas",1,2],
]);
