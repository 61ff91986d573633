typeaheadIndex("data/products/heads/63/rows", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
[2,"Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
[4,"nodesc","nodesc",null,null,"Plain Charger",null,[0],"charger"],
]);
typeaheadIndex("data/products/heads/63", [
["c",5,2,4,0],
["ca",1,2],
["ce",3,0,1,2],
["ch",2,4,1],
["cl",1,3],
]);
