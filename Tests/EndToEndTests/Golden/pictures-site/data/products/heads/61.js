typeaheadIndex("data/products/heads/61/rows", [
[6,"p7","p7",14.99,null,"Galaxy Charger","Anker",[30],"charger"],
]);
typeaheadIndex("data/products/heads/61", [
["a",1,6],
["an",1,6],
]);
