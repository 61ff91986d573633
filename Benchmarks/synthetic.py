"""The synthetic shops of the scale benchmarks, made deterministically from the sample, and what
their built sites are made of.

A synthetic product recombines real ones: the brand, first half of the name, categories (and their
tree, free shipping and rating, the facets of site.json), price (within ±20%) and image of one real
product, the second half of the name and the description of another, and a heavy-tailed popularity.
A suggestion is one to three consecutive words of a synthetic product's name (letters, digits and
spaces only; 30% skip words between them, so there are always new ones), with that product's first
categories as its facets (so scopes have suggestions). site.json is the sample's, with minHits 1.
"""
import json
import os
import random
import re

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
real = json.load(open(os.path.join(root, "Content", "products.json"), encoding="utf-8"))
site_config = json.load(open(os.path.join(root, "Content", "site.json"), encoding="utf-8"))


def make_content(n, work, suggestion_count=None):
    """Writes `content-<n>` in `work` (products, suggestions, site.json) and returns its path:
    n products and `suggestion_count` suggestions (n by default)."""
    rng = random.Random(n)
    suggestion_count = n if suggestion_count is None else suggestion_count
    folder = os.path.join(work, f"content-{n}" if suggestion_count == n else f"content-{n}-{suggestion_count}")
    os.makedirs(folder, exist_ok=True)
    products, suggestions, seen = [], [], set()
    for i in range(n):
        a, b = real[i % len(real)], real[rng.randrange(len(real))]
        wa, wb = a["name"].split(), b["name"].split()
        name = " ".join(wa[: max(1, len(wa) // 2)] + wb[len(wb) // 2:])
        product = {"objectID": f"{i:07d}", "name": name, "categories": a.get("categories", []),
                   "description": b.get("description", ""), "popularity": int(100000 * rng.random() ** 6)}
        for field in ("brand", "image", "hierarchicalCategories", "free_shipping", "rating"):
            if field in a:
                product[field] = a[field]
        if isinstance(a.get("price"), (int, float)):
            product["price"] = round(a["price"] * rng.uniform(0.8, 1.2), 2)
        products.append(product)
    while len(suggestions) < suggestion_count:
        product = products[rng.randrange(n)]
        words = re.findall(r"[a-z0-9]+", product["name"].lower())
        if not words:
            continue
        if rng.random() < 0.7:
            start = rng.randrange(len(words))
            query = " ".join(words[start: start + rng.choice([1, 1, 2, 2, 3])])
        else:
            # Words of the name in their order, not all next to each other: there are always new ones.
            picked = sorted(rng.sample(range(len(words)), min(len(words), rng.choice([2, 3]))))
            query = " ".join(words[k] for k in picked)
        if len(query) < 3 or query in seen:
            continue
        seen.add(query)
        facets = [{"value": c, "count": 1} for c in product["categories"][:2]]
        suggestions.append({"objectID": query, "query": query, "popularity": int(1000 * rng.random() ** 8),
                            "instant_search": {"exact_nb_hits": 0, "facets": {"exact_matches": {"categories": facets}}}})
    for name, records in (("products.json", products), ("query_suggestions.json", suggestions)):
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in records) + "\n]\n")
    config = dict(site_config, minHits=1)
    json.dump(config, open(os.path.join(folder, "site.json"), "w"))
    return folder


def edit_one(content):
    """Edits the first product's price and description in place, as a shop's daily change does;
    returns the edited product."""
    path = os.path.join(content, "products.json")
    products = json.load(open(path, encoding="utf-8"))
    products[0]["price"] = round(products[0].get("price", 10) + 1, 2)
    products[0]["description"] = "Edited today. " + products[0].get("description", "")
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in products) + "\n]\n")
    return products[0]


def tree(folder):
    files = size = 0
    for path, _, names in os.walk(folder):
        for name in names:
            files += 1
            size += os.path.getsize(os.path.join(path, name))
    return files, size


def kinds(site):
    """The site's files by kind: each top-level folder, and each folder of data/products and
    data/suggestions, largest first, as (kind, files, bytes)."""
    totals = {}
    for folder, _, names in os.walk(site):
        relative = os.path.relpath(folder, site).split(os.sep)
        deep = 3 if relative[0] == "data" and len(relative) > 1 and relative[1] in ("products", "suggestions") else 1
        kind = "/".join(relative[:deep]) + "/" if relative != ["."] else "(top level)"
        for name in names:
            files, size = totals.get(kind, (0, 0))
            totals[kind] = (files + 1, size + os.path.getsize(os.path.join(folder, name)))
    return sorted(((kind, files, size) for kind, (files, size) in totals.items()), key=lambda k: (-k[2], k[0]))


def files_written(output):
    """The files a build wrote, from its summary ("N files written, M unchanged …"), or None."""
    found = re.search(r"(\d+) files written", output)
    return int(found.group(1)) if found else None
