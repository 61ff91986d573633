typeaheadIndex("data/products/heads/rows/7a6167", [
[7,"p8","p8",12.99,null,"Galaxy Screen Protector","(ZAGG)",[20],"case"],
]);
