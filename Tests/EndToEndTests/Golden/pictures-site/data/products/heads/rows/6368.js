typeaheadIndex("data/products/heads/6368", [
["cha",1,6],
]);
typeaheadIndex("data/products/heads/rows/6368", [
[6,"p7","p7",14.99,null,"Galaxy Charger","Anker",[30],"charger"],
]);
