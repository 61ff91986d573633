typeaheadIndex("data/suggestions/tails/cable", [
["cable","cable"],
["galaxy","cable"],
["watch","cable"],
]);
