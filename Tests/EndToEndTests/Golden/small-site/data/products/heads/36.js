typeaheadIndex("data/products/heads/36/rows", [
[2,"Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
[3,"evil","evil",1,null,"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",[1],"other"],
]);
typeaheadIndex("data/products/heads/36", [
["6",2,2,3],
]);
