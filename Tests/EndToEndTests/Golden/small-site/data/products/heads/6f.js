typeaheadIndex("data/products/heads/6f", [
["o",1,3],
["on",1,3],
["one",1,3],
["onl",1,3],
]);
