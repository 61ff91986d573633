typeaheadIndex("data/products/heads/7265", [
["re",1,1],
["ret",1,1],
]);
