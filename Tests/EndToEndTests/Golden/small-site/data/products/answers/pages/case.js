typeaheadIndex("data/products/answers/pages/case", [
["case","case"],
]);
