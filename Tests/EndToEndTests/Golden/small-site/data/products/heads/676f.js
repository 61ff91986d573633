typeaheadIndex("data/products/heads/676f", [
["go",1,0],
["gop",1,0],
]);
