typeaheadIndex("data/products/heads/7068", [
["pho",3,0,1,2],
]);
typeaheadIndex("data/products/heads/rows/7068", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[2,"Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
]);
