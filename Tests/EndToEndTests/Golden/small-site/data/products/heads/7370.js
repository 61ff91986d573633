typeaheadIndex("data/products/heads/7370", [
["sp",2,2,1],
["spa",1,1],
["spe",1,2],
]);
