typeaheadIndex("data/products/heads/666f", [
["fo",1,2],
["for",1,2],
]);
