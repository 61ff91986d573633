typeaheadIndex("data/products/heads/rows/706f73", [
[4,"p5","p5",9.99,["images/ddcae5fee4741475b41c.webp",160,107],"Galaxy S7 Poster","Samsung",[50],"other"],
]);
