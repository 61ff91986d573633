typeaheadIndex("data/products/heads/rows/636173", [
[1,"p2","p2",29.99,["images/1aefc17466e06b3512b9.webp",160,120],"Galaxy S7 Clear Case","Otterbox",[80],"case"],
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
