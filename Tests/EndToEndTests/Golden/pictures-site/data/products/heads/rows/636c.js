typeaheadIndex("data/products/heads/636c", [
["cle",1,1],
]);
typeaheadIndex("data/products/heads/rows/636c", [
[1,"p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
]);
