typeaheadIndex("data/products/heads/7a61", [
["zag",1,7],
]);
typeaheadIndex("data/products/heads/rows/7a61", [
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
