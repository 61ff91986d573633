typeaheadProducts({"currency":"$","customRanking":["desc(popularity)"],"fields":["objectID","slug","price","image","customRanking","name","brand","categories","description"],"hitsPerPage":3,"searchableAttributes":["name","brand","categories","description"]}, [
["4984700","4984700",49.99,"https://cdn-demo.algolia.com/bestbuy-0118/4984700_sb.jpg",[21449],"AT\u0026T GoPhone - Samsung Galaxy Express 3 4G LTE","AT\u0026T GoPhone",["Cell Phones","Prepaid Phones"],"Grab your data and your minutes as you go.\n\n- 4.5-inch screen\n- microSD slot"],
["5005506","5005506",449.99,"https://cdn-demo.algolia.com/bestbuy-0118/5005506_sb.jpg",[19581],"Apple - iPhone SE 16GB - Space Gray (Verizon)","Apple",["Cell Phones","iPhone","iPhone SE"],"iPhone SE features a **4-inch Retina display**, an A9 chip and Touch ID."],
["Case/42 ü","case-42-u-9034a202",34.99,null,[500],"Speck - CandyShell Case for iPhone 6","Speck",["Cell Phone Accessories"],null],
["evil","evil",1,null,[1],"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e {{x}}","\"\u003e\u003csvg onload=alert(2)\u003e",["\u003cb\u003ebold\u003c/b\u003e"],"\u003cscript\u003ealert(3)\u003c/script\u003e\n\n[click](javascript:alert(4))"],
["nodesc","nodesc",null,null,[0],"Plain Charger",null,null,null],
]);
