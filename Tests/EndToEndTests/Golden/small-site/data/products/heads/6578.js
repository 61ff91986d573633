typeaheadIndex("data/products/heads/6578", [
["ex",1,0],
["exp",1,0],
]);
