typeaheadIndex("data/products/heads/31/rows", [
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[3,"evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1],"other"],
]);
typeaheadIndex("data/products/heads/31", [
["1",2,1,3],
["16",1,1],
]);
