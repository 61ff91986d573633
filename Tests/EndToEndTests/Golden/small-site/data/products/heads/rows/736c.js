typeaheadIndex("data/products/heads/736c", [
["sle",1,3],
["slo",1,0],
]);
typeaheadIndex("data/products/heads/rows/736c", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
[3,"evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1],"other"],
]);
