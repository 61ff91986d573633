typeaheadIndex("data/products/heads/7372", [
["sr",1,3],
["src",1,3],
]);
