typeaheadIndex("data/products/heads/72/rows", [
[8,"p9","p9",399.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone (Renewed)","Samsung",[10],"phone"],
]);
typeaheadIndex("data/products/heads/72", [
["r",1,8],
["re",1,8],
]);
