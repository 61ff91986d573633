typeaheadIndex("data/products/heads/37/rows", [
[3,"evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1],"other"],
]);
typeaheadIndex("data/products/heads/37", [
["7",1,3],
]);
