typeaheadIndex("data/suggestions/records/0", [
["iphone","iphone",300],
["iphone case","iphone case",120],
["samsung galaxy","samsung galaxy",80],
["cheap charger","cheap charger",50],
]);
