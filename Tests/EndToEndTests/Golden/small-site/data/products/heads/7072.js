typeaheadIndex("data/products/heads/7072", [
["pr",1,0],
["pre",1,0],
]);
