typeaheadIndex("data/suggestions/words/case", [
["case","case"],
["charger","case"],
["cheap","case"],
["galaxy","case"],
["iphone","case"],
["samsung","case"],
]);
