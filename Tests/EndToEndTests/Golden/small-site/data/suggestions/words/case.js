typeaheadIndex("data/suggestions/words/case", [
["case","case"],
["galaxy","case"],
["iphone","case"],
["samsung","case"],
]);
