typeaheadIndex("data/products/heads/7370", [
["spe",1,5],
]);
typeaheadIndex("data/products/heads/rows/7370", [
[5,"p6","p6",24.99,["images/e0538f7856026c96f8d5.webp",160,120],"Galaxy Watch Band","Speck",[40],"watch"],
]);
