typeaheadIndex("data/products/heads/34/rows", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449]],
[1,"5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581]],
[3,"evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1]],
]);
typeaheadIndex("data/products/heads/34", [
["4",3,0,1,3],
["4g",1,0],
]);
