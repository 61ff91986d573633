#!/usr/bin/env python3
"""Rebuilds Content/ from the real data in ../shared/data/bestbuy (run from the repository root).

- products.json: the 3,291 Best Buy cell phones plus the 95 `instant_search` demo products.
  A cell phone's objectID is its Best Buy SKU, the leading digits of its image file name
  (`.../4984700_sb.jpg` -> "4984700"). Every cell phone has one; a record without one would be
  left out and named on stderr (an invented ID would not be stable across catalogue edits).
  9 SKUs are also in the instant_search sample (the same products): the instant_search record,
  which has more fields, is kept.
- query_suggestions.json: the 2,120 Query Suggestions records as Algolia exported them.
Output is one record per line, sorted by objectID, keys sorted: reviewable, deterministic.
"""
import json
import re
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
data = Path(sys.argv[1]) if len(sys.argv) > 1 else root.parent / "shared" / "data" / "bestbuy"
content = root / "Content"

def load(name):
    with open(data / name, encoding="utf-8") as f:
        return json.load(f)

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

suggestions = sorted(load("query_suggestions.json"), key=lambda r: r["objectID"].encode())
content.mkdir(exist_ok=True)
write_lines(content / "products.json", [products[k] for k in sorted(products, key=str.encode)])
write_lines(content / "query_suggestions.json", suggestions)
print(f"products: {len(products)} ({duplicates} duplicates of instant_search kept once, {skipped} without SKU)")
print(f"suggestions: {len(suggestions)}")
