typeaheadIndex("data/products/heads/rows/737065", [
[5,"p6","p6",24.99,["images/e0538f7856026c96f8d5.webp",160,120],"Galaxy Watch Band","Speck",[40],"watch"],
]);
