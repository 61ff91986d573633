#!/usr/bin/env python3
"""Makes Content/products.json of the fashion sample from the Myntra catalogue (real product data,
descriptions in HTML as a shop's export holds them). Run once by hand; the repository keeps what it
wrote, so the sample builds without the source file.

    python3 Examples/fashion/make-content.py [path/to/myntra_products_10k.jsonl]

Which products: every tenth of the 10,000, by numeric id (1,000 products, about 1.5 MB): every
category keeps its share. Fields are mapped to the Algolia record shape Typeahead reads; the
descriptions stay HTML (site.json says "descriptionFormat": "html"), with the catalogue's style
note, materials and fit appended as sections when it has them.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    HERE, "..", "..", "..", "shared", "data", "fashion", "myntra_products_10k.jsonl")
EVERY = 10


def description(record):
    parts = [record.get("description_html") or ""]
    for key, title in (("style_note_html", "Style note"), ("materials_care_html", "Materials & care"),
                       ("size_fit_html", "Size & fit")):
        if record.get(key):
            parts.append(f"<h4>{title}</h4>{record[key]}")
    return "".join(parts) or None


def product(record):
    out = {
        "objectID": record["id"],
        "name": record["name"],
        "brand": record["brand"],
        "description": description(record),
        "categories": record["categories"],
        "hierarchicalCategories": record["hierarchical_categories"],
        "gender": record["gender"],
        "color": record["color"],
        "season": record["season"],
        "usage": record["usage"],
        "year": int(record["year"]) if str(record.get("year") or "").isdigit() else None,
        "price": record["sale_price"],
        "image": record["image_url"],
        "url": record["url"],
        "sizes": record.get("sizes") or [],
    }
    if record["price"] != record["sale_price"]:
        out["original_price"] = record["price"]
    return {k: v for k, v in out.items() if v is not None}


def main():
    with open(SOURCE, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    records.sort(key=lambda r: int(r["id"]))
    chosen = [product(r) for i, r in enumerate(records) if i % EVERY == 0]
    chosen.sort(key=lambda p: p["objectID"].encode())
    with open(os.path.join(HERE, "Content", "products.json"), "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(p, ensure_ascii=False, sort_keys=True) for p in chosen) + "\n]\n")
    print(f"{len(chosen)} products written to Content/products.json")


if __name__ == "__main__":
    main()
