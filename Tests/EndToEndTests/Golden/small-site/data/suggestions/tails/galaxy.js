typeaheadIndex("data/suggestions/tails/galaxy", [
["galaxy","case"],
["samsung","case"],
["case","case"],
["iphone","case"],
]);
