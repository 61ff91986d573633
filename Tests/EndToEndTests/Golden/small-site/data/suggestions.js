typeaheadSuggestions([
["iphone","iphone",300,{"categories":["Cell Phones"]}],
["iphone case","iphone case",120,{}],
["samsung galaxy","samsung galaxy",80,{"categories":["Cell Phones"]}],
]);
