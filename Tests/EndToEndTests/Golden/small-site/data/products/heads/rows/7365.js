typeaheadIndex("data/products/heads/rows/7365", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
]);
