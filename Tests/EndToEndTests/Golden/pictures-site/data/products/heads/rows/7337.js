typeaheadIndex("data/products/heads/rows/7337", [
[0,"p1","p1",599.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone","Samsung",[90],"phone"],
[1,"p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
[4,"p5","p5",9.99,["images/ddcae5fee4741475b41c.webp",160,107],"Galaxy S7 Poster","Samsung",[50],"other"],
[8,"p9","p9",399.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone (Renewed)","Samsung",[10],"phone"],
]);
