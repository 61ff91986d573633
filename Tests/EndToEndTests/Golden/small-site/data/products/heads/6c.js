typeaheadIndex("data/products/heads/6c/rows", [
[0,"4984700","4984700",49.99,null,"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",[21449],"phone"],
]);
typeaheadIndex("data/products/heads/6c", [
["l",1,0],
["lt",1,0],
]);
