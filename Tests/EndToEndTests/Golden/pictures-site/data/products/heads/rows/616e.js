typeaheadIndex("data/products/heads/616e", [
["ank",1,6],
]);
typeaheadIndex("data/products/heads/rows/616e", [
[6,"p7","p7",14.99,null,"Galaxy Charger","Anker",[30],"charger"],
]);
