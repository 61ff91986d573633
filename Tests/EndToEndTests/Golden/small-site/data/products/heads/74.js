typeaheadIndex("data/products/heads/74/rows", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
]);
typeaheadIndex("data/products/heads/74", [
["t",2,0,1],
["to",1,1],
]);
