typeaheadIndex("data/products/heads/69", [
["i",4,1,3,2],
["id",1,1],
["im",1,3],
["img",1,3],
["in",2,1,0],
["inc",2,1,0],
["ip",2,1,2],
["iph",2,1,2],
]);
