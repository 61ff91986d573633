typeaheadIndex("data/products/answers/cabl", [
["cabl",1,[2],[0]],
["cable",1,[2],[0]],
["gala",8,[0,1,3,4],[0,0,0,0]],
["galax",8,[0,1,3,4],[0,0,0,0]],
["galaxy",8,[0,1,3,4],[0,0,0,0]],
["watc",2,[3,5],[0,0]],
["watch",2,[3,5],[0,0]],
]);
