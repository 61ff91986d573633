typeaheadIndex("data/products/heads/7363", [
["sc",2,3,0],
["scr",2,3,0],
]);
