typeaheadIndex("data/suggestions/tails/galaxy", [
["galaxy","case"],
["samsung","case"],
["case","case"],
["charger","case"],
["cheap","case"],
["iphone","case"],
]);
