typeaheadIndex("data/products/heads/rows/636861", [
[4,"nodesc","nodesc",null,null,"Plain Charger",null,[0],"charger"],
]);
