typeaheadIndex("data/suggestions/records/0", [
["galaxy","galaxy",100],
["galaxy watch","galaxy watch",50],
["cable","cable",10],
]);
