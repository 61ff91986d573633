typeaheadIndex("data/products/heads/73/rows", [
[0,"p1","p1",599.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone","Samsung",[90],"phone"],
[1,"p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
[4,"p5","p5",9.99,["images/ddcae5fee4741475b41c.webp",160,107],"Galaxy S7 Poster","Samsung",[50],"other"],
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
typeaheadIndex("data/products/heads/73", [
["s",7,0,1,4,7],
["s7",4,0,1,4,8],
["sa",4,0,3,4,8],
["sc",1,7],
["sp",1,5],
]);
