typeaheadIndex("data/products/heads/rows/616e6b", [
[6,"p7","p7",14.99,null,"Galaxy Charger","Anker",[30],"charger"],
]);
