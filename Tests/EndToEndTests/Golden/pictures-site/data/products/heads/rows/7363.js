typeaheadIndex("data/products/heads/7363", [
["scr",1,7],
]);
typeaheadIndex("data/products/heads/rows/7363", [
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
