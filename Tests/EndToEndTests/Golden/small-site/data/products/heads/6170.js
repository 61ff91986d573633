typeaheadIndex("data/products/heads/6170", [
["ap",1,1],
["app",1,1],
]);
