typeaheadIndex("data/products/records/0", [
["4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
["5005506","5005506",449.99,null,"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",[19581],"phone"],
["Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
["evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1],"other"],
["nodesc","nodesc",null,null,"Plain Charger",null,[0],"charger"],
]);
