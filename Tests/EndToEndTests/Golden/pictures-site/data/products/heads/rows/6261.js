typeaheadIndex("data/products/heads/6261", [
["ban",1,5],
]);
typeaheadIndex("data/products/heads/rows/6261", [
[5,"p6","p6",24.99,["images/e0538f7856026c96f8d5.webp",160,120],"Galaxy Watch Band","Speck",[40],"watch"],
]);
