typeaheadIndex("data/products/heads/6c/rows", [
[2,"p3","p3",19.99,["images/b6ec2270b7298ce7aa14.webp",160,120],"Lightning Cable, 2 m","Belkin",[70],"cable"],
]);
typeaheadIndex("data/products/heads/6c", [
["l",1,2],
["li",1,2],
]);
