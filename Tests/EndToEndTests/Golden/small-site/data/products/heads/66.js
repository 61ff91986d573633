typeaheadIndex("data/products/heads/66/rows", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[2,"Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
]);
typeaheadIndex("data/products/heads/66", [
["f",2,2,1],
["fe",1,1],
["fo",1,2],
]);
