typeaheadIndex("data/products/heads/76/rows", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
]);
typeaheadIndex("data/products/heads/76", [
["v",1,1],
["ve",1,1],
]);
