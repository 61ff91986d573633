typeaheadIndex("data/products/heads/7370", [
["spa",1,1],
["spe",1,2],
]);
typeaheadIndex("data/products/heads/rows/7370", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[2,"Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
]);
