typeaheadIndex("data/products/heads/6970", [
["ip",2,1,2],
["iph",2,1,2],
]);
