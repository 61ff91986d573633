typeaheadIndex("data/products/heads/77/rows", [
[3,"p4","p4",299.99,["images/48b5fc6a64400e77b01a.webp",160,120],"Galaxy Watch","Samsung",[60],"watch"],
[5,"p6","p6",24.99,["images/e0538f7856026c96f8d5.webp",160,120],"Galaxy Watch Band","Speck",[40],"watch"],
]);
typeaheadIndex("data/products/heads/77", [
["w",2,3,5],
["wa",2,3,5],
]);
