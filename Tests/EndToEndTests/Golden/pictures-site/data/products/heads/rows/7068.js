typeaheadIndex("data/products/heads/7068", [
["pho",2,0,8],
]);
typeaheadIndex("data/products/heads/rows/7068", [
[0,"p1","p1",599.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone","Samsung",[90],"phone"],
[8,"p9","p9",399.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone (Renewed)","Samsung",[10],"phone"],
]);
