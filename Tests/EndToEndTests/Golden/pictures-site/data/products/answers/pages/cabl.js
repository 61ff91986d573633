typeaheadIndex("data/products/answers/pages/cabl", [
["cabl","cabl"],
]);
