typeaheadIndex("data/products/heads/6365", [
["ce",3,0,1,2],
["cel",3,0,1,2],
]);
