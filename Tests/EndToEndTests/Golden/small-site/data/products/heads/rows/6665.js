typeaheadIndex("data/products/heads/6665", [
["fea",1,1],
]);
typeaheadIndex("data/products/heads/rows/6665", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
]);
