typeaheadIndex("data/products/heads/70/rows", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[4,"nodesc","nodesc",null,null,"Plain Charger",null,[0],"charger"],
]);
typeaheadIndex("data/products/heads/70", [
["p",4,4,0,1],
["ph",3,0,1,2],
["pl",1,4],
["pr",1,0],
]);
