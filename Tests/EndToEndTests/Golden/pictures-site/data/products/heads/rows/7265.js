typeaheadIndex("data/products/heads/7265", [
["ren",1,8],
]);
typeaheadIndex("data/products/heads/rows/7265", [
[8,"p9","p9",399.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone (Renewed)","Samsung",[10],"phone"],
]);
