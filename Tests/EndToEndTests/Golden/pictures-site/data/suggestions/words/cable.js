typeaheadIndex("data/suggestions/words/cable", [
["cable","cable"],
["galaxy","cable"],
["watch","cable"],
]);
