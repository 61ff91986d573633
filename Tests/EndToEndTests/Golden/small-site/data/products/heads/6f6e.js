typeaheadIndex("data/products/heads/6f6e", [
["on",1,3],
["one",1,3],
["onl",1,3],
]);
