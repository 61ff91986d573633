typeaheadIndex("data/products/heads/6761", [
["gal",8,0,1,3,4],
]);
typeaheadIndex("data/products/heads/rows/6761", [
[0,"p1","p1",599.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone","Samsung",[90],"phone"],
[1,"p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
[3,"p4","p4",299.99,["images/48b5fc6a64400e77b01a.webp",160,120],"Galaxy Watch","Samsung",[60],"watch"],
[4,"p5","p5",9.99,["images/ddcae5fee4741475b41c.webp",160,107],"Galaxy S7 Poster","Samsung",[50],"other"],
]);
