#!/usr/bin/env python3
"""Rebuilds Content/ from the real data in ../shared/data/bestbuy (run from the repository root).

- products.json: the 3,291 Best Buy cell phones plus the 95 `instant_search` demo products.
  A cell phone's objectID is its Best Buy SKU, the leading digits of its image file name
  (`.../4984700_sb.jpg` -> "4984700"). Every cell phone has one; a record without one would be
  left out and named on stderr (an invented ID would not be stable across catalogue edits).
  9 SKUs are also in the instant_search sample (the same products): the instant_search record,
  which has more fields, is kept. A cell phone's `hierarchicalCategories` (lvl0 to lvl4, the facet
  the page's category menu and the category pages read) is made from its `categories`, which Best
  Buy lists from the top of the tree down, as the instant_search records have them
  (`"Cell Phones > Cell Phone Accessories"`).
- searches.json: the sample's real popular searches as an Algolia Analytics top-searches export,
  {"searches": [{"search", "count", "nbHits"}]}, most searched first. They come from the Query
  Suggestions export of the same demo (query_suggestions.json in the raw data): its 751 records
  with popularity > 0 are real searches, and their popularity is the number of times they were
  searched (the other 1,369 were generated from facet values, with popularity 0, and are left out).
- suggestions.config.json: the Query Suggestions configuration (Algolia's shape): vet against the
  catalogue with minHits 5 and minLetters 4 (Algolia's defaults), facets on categories (top 5),
  generate suggestions from brand and brand x categories, merge English plurals, read searches.json.
- query_suggestions.json: what `typeahead suggest` makes of the two files above and the catalogue;
  this script runs it last (release build), so Content/ is the whole path from the raw data.
- Text fields hold what a shopper reads: Best Buy's data writes some characters as HTML entities
  (`Otterbox&#174;`, `&#8217;`), which `typeahead report` flags as markup in plain text. They are
  decoded here, at import (only complete entities, `&name;`, `&#174;` or `&#xAE;`; a bare `&` stays),
  so no page of the sample shows an entity as text. The four texts whose UTF-8 was read as
  Windows-1252 (`360Â°`, `itâ€™s`) are mended the same way.
site.json is written by hand and kept. Output is one record per line, sorted by objectID, keys
sorted: reviewable, deterministic.
"""
import html
import json
import re
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
data = Path(sys.argv[1]) if len(sys.argv) > 1 else root.parent / "shared" / "data" / "bestbuy"
content = root / "Content"

def load(name):
    with open(data / name, encoding="utf-8") as f:
        return json.load(f)

ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
# UTF-8 read as Windows-1252 (`360Â°`, `itâ€™s`): a lead byte's character, then continuation bytes'.
MOJIBAKE = re.compile("[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u2122]+")


def redecoded(match):
    try:
        return match.group(0).encode("cp1252").decode("utf-8")
    except UnicodeError:
        return match.group(0)


def decoded(value):
    """`value` with every complete HTML entity in its strings decoded (in lists and objects too)."""
    if isinstance(value, str):
        return MOJIBAKE.sub(redecoded, ENTITY.sub(lambda m: html.unescape(m.group(0)), value))
    if isinstance(value, list):
        return [decoded(v) for v in value]
    if isinstance(value, dict):
        return {k: decoded(v) for k, v in value.items()}
    return value


def write_lines(path, records):
    lines = [json.dumps(r, ensure_ascii=False, sort_keys=True, separators=(",", ":")) for r in records]
    path.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")

products = {}
for record in load("instant_search_sample.json"):
    products[record["objectID"]] = record
skipped = duplicates = 0
for record in load("cellphones.json"):
    match = re.search(r"/(\d+)_[^/]*$", record.get("image", ""))
    if not match:
        skipped += 1
        print(f"no SKU in image for {record.get('name')!r}; left out", file=sys.stderr)
        continue
    sku = match.group(1)
    if sku in products:
        duplicates += 1
        continue
    products[sku] = dict(record, objectID=sku)
    path = record.get("categories", [])[:5]
    if path and "hierarchicalCategories" not in record:
        products[sku]["hierarchicalCategories"] = {f"lvl{i}": " > ".join(path[:i + 1]) for i in range(len(path))}

exported = load("query_suggestions.json")
searches = [{"search": r["query"], "count": r["popularity"], "nbHits": r["instant_search"]["exact_nb_hits"]}
            for r in exported if r.get("popularity", 0) > 0]
searches.sort(key=lambda s: (-s["count"], s["search"].encode()))
config = {
    "indexName": "instant_search_demo_query_suggestions",
    "sourceIndices": [{
        "indexName": "instant_search",
        "minHits": 5,
        "minLetters": 4,
        "facets": [{"attribute": "categories", "amount": 5}],
        "generate": [["brand"], ["brand", "categories"]],
        "external": ["searches.json"],
    }],
    "languages": ["en"],
    "exclude": [],
    "allowSpecialCharacters": False,
}
content.mkdir(exist_ok=True)
write_lines(content / "products.json", [decoded(products[k]) for k in sorted(products, key=str.encode)])
lines = [json.dumps(s, ensure_ascii=False, sort_keys=True, separators=(",", ":")) for s in searches]
(content / "searches.json").write_text('{"searches": [\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")
(content / "suggestions.config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
print(f"products: {len(products)} ({duplicates} duplicates of instant_search kept once, {skipped} without SKU)")
print(f"searches: {len(searches)} of the {len(exported)} exported suggestions (popularity > 0)")
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
subprocess.run([str(root / ".build" / "release" / "typeahead"), "suggest", "--content", str(content)], check=True)
