typeaheadIndex("data/products/heads/64", [
["d",2,0,1],
["da",1,0],
["dat",1,0],
["di",1,1],
["dis",1,1],
]);
