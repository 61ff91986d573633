typeaheadIndex("data/products/heads/736c", [
["sl",1,0],
["slo",1,0],
]);
