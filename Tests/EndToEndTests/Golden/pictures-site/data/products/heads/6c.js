typeaheadIndex("data/products/heads/6c", [
["l",1,2],
["li",1,2],
["lig",1,2],
]);
