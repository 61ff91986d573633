typeaheadIndex("data/products/heads/61/rows", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
[3,"evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1],"other"],
]);
typeaheadIndex("data/products/heads/61", [
["a",4,0,1,3],
["a9",1,1],
["ac",1,2],
["al",1,3],
["an",2,0,1],
["ap",1,1],
["as",1,0],
["at",1,0],
]);
