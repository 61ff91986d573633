typeaheadIndex("data/products/heads/69", [
["i",4,1,3,2],
]);
