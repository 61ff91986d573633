typeaheadIndex("data/products/heads/rows/706c61", [
[4,"nodesc","nodesc",null,null,"Plain Charger",null,[0],"charger"],
]);
