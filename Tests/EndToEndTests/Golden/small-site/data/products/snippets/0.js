typeaheadIndex("data/products/snippets/0", [
["Grab your data and your minutes as you go.\n4.5-inch screen\nmicroSD slot"],
["iPhone SE features a 4-inch Retina display, an A9 chip and Touch ID."],
[],
["click \u003cimg src=x onerror=alert(6)\u003e \u003csvg onload=alert(7)\u003e sleeve"],
[],
]);
