typeaheadIndex("data/products/heads/706c", [
["pla",1,4],
]);
typeaheadIndex("data/products/heads/rows/706c", [
[4,"nodesc","nodesc",null,null,"Plain Charger",null,[0],"charger"],
]);
