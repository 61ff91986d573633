typeaheadIndex("data/products/records/0", [
["p1","p1",599.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone","Samsung",[90],"phone"],
["p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
["p3","p3",19.99,["images/b6ec2270b7298ce7aa14.webp",160,120],"Lightning Cable, 2 m","Belkin",[70],"cable"],
["p4","p4",299.99,["images/48b5fc6a64400e77b01a.webp",160,120],"Galaxy Watch","Samsung",[60],"watch"],
["p5","p5",9.99,["images/ddcae5fee4741475b41c.webp",160,107],"Galaxy S7 Poster","Samsung",[50],"other"],
["p6","p6",24.99,["images/e0538f7856026c96f8d5.webp",160,120],"Galaxy Watch Band","Speck",[40],"watch"],
["p7","p7",14.99,null,"Galaxy Charger","Anker",[30],"charger"],
["p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
["p9","p9",399.99,["images/5a516808b5732de7d2b7.webp",160,120],"Galaxy S7 Phone (Renewed)","Samsung",[10],"phone"],
]);
