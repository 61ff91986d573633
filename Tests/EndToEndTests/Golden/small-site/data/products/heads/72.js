typeaheadIndex("data/products/heads/72/rows", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
]);
typeaheadIndex("data/products/heads/72", [
["r",1,1],
["re",1,1],
]);
