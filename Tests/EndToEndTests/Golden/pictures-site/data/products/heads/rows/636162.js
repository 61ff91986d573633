typeaheadIndex("data/products/heads/rows/636162", [
[2,"p3","p3",19.99,["images/b6ec2270b7298ce7aa14.webp",160,120],"Lightning Cable, 2 m","Belkin",[70],"cable"],
]);
