typeaheadIndex("data/products/heads/73/rows", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[2,"Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
[3,"evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1],"other"],
]);
typeaheadIndex("data/products/heads/73", [
["s",4,2,3,1],
["sa",1,0],
["sc",2,3,0],
["se",1,1],
["sl",2,3,0],
["sp",2,2,1],
["sr",1,3],
["sv",1,3],
]);
