typeaheadIndex("data/products/heads/6163", [
["acc",1,2],
]);
typeaheadIndex("data/products/heads/rows/6163", [
[2,"Case/42 ü","case-42-u-9034a202",34.99,null,"Speck - CandyShell Case for iPhone 6","Speck",[500],"case"],
]);
