typeaheadIndex("data/products/heads/7a/rows", [
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
typeaheadIndex("data/products/heads/7a", [
["z",1,7],
["za",1,7],
]);
