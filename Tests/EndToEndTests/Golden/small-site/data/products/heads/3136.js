typeaheadIndex("data/products/heads/3136", [
["16",1,1],
["16g",1,1],
]);
