typeaheadIndex("data/products/heads/63/rows", [
[1,"p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
[2,"p3","p3",19.99,["images/b6ec2270b7298ce7aa14.webp",160,120],"Lightning Cable, 2 m","Belkin",[70],"cable"],
[6,"p7","p7",14.99,null,"Galaxy Charger","Anker",[30],"charger"],
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
typeaheadIndex("data/products/heads/63", [
["c",4,2,6,1,7],
["ca",3,2,1,7],
["ch",1,6],
["cl",1,1],
]);
