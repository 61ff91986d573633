typeaheadIndex("data/products/heads/6368", [
["cha",1,4],
["chi",1,1],
]);
typeaheadIndex("data/products/heads/rows/6368", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[4,"nodesc","nodesc",null,null,"Plain Charger",null,[0],"charger"],
]);
