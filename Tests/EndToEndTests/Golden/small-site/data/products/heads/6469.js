typeaheadIndex("data/products/heads/6469", [
["di",1,1],
["dis",1,1],
]);
