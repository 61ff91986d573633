typeaheadIndex("data/products/heads/6d69", [
["mi",1,0],
["mic",1,0],
["min",1,0],
]);
