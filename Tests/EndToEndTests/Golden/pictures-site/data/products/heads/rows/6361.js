typeaheadIndex("data/products/heads/6361", [
["cab",1,2],
["cas",2,1,7],
]);
typeaheadIndex("data/products/heads/rows/6361", [
[1,"p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
[2,"p3","p3",19.99,["images/b6ec2270b7298ce7aa14.webp",160,120],"Lightning Cable, 2 m","Belkin",[70],"cable"],
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
