typeaheadIndex("data/products/heads/62/rows", [
[2,"p3","p3",19.99,["images/b6ec2270b7298ce7aa14.webp",160,120],"Lightning Cable, 2 m","Belkin",[70],"cable"],
[5,"p6","p6",24.99,["images/e0538f7856026c96f8d5.webp",160,120],"Galaxy Watch Band","Speck",[40],"watch"],
]);
typeaheadIndex("data/products/heads/62", [
["b",2,5,2],
["ba",1,5],
["be",1,2],
]);
