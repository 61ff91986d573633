#!/usr/bin/env python3
"""Benchmark: diff locality. How many files and lines of the sample site change for the edits a
shop makes every day.

Builds the sample (Content/) once, then for each edit builds a copy of Content/ with that one
edit applied, and counts what changed between the two sites as a reviewer sees it:
`git diff --no-index --numstat` (lines added and removed) and `typeahead diff --format json`
(files added, removed and changed, by kind). Prints a Markdown table (docs/BENCHMARKS.md's).

Edits (each on its own, on the same base):
  - popularity: one product's popularity up 10% (a daily sales update), the 10th most popular;
  - description: one product's description rewritten (5299209, a Belkin cable);
  - add suggestion: one new suggestion ("belkin mixit cable", popularity 12);
  - remove product: one product deleted (5299209).
Also a rebuild with no change, which must change nothing.
Usage: Benchmarks/diff-locality.py [--keep DIR]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
binary = os.path.join(root, ".build", "release", "typeahead")
scratch = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else tempfile.mkdtemp(prefix="typeahead-locality-")
os.makedirs(scratch, exist_ok=True)


def load(folder, name):
    with open(os.path.join(folder, name), encoding="utf-8") as f:
        return json.load(f)


def save(folder, name, records):
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in records) + "\n]\n")


def build(content, output):
    start = time.perf_counter()
    subprocess.run([binary, "build", "--quiet", "--content", content, "--output", output], cwd=root, check=True)
    return time.perf_counter() - start


def popularity(products, suggestions):
    target = sorted(products, key=lambda p: (-p["popularity"], p["objectID"]))[9]
    target["popularity"] = round(target["popularity"] * 1.1)
    return f'{target["objectID"]} popularity +10%'


def description(products, suggestions):
    target = next(p for p in products if p["objectID"] == "5299209")
    target["description"] = "Connect your phone to any 3.5mm jack with this flat, tangle-free cable."
    return "5299209 description rewritten"


def add_suggestion(products, suggestions):
    suggestions.append({"objectID": "belkin mixit cable", "query": "belkin mixit cable", "nb_words": 3,
                        "popularity": 12})
    return '"belkin mixit cable" added'


def remove_product(products, suggestions):
    products[:] = [p for p in products if p["objectID"] != "5299209"]
    return "5299209 removed"


def unchanged(products, suggestions):
    return "nothing"


KINDS = [("index.html", "front page"), ("search/", "result pages"),
         ("products/", "product pages"), ("shards/", "shards"), ("data/", "client data"), ("report/", "report"),
         ("assets/", "assets")]


def kind(path):
    for prefix, name in KINDS:
        if path == prefix or path.startswith(prefix):
            return name
    return "other"


base_content = os.path.join(root, "Content")
base_site = os.path.join(scratch, "base")
build(base_content, base_site)
rows = []
for name, edit in [("one product's popularity", popularity), ("one description", description),
                   ("add one suggestion", add_suggestion), ("remove one product", remove_product),
                   ("rebuild, no change", unchanged)]:
    content = os.path.join(scratch, "content-" + edit.__name__)
    shutil.rmtree(content, ignore_errors=True)
    shutil.copytree(base_content, content)
    products = load(content, "products.json")
    suggestions = load(content, "query_suggestions.json")
    what = edit(products, suggestions)
    save(content, "products.json", products)
    save(content, "query_suggestions.json", suggestions)
    site = os.path.join(scratch, "site-" + edit.__name__)
    shutil.rmtree(site, ignore_errors=True)
    seconds = build(content, site)
    numstat = subprocess.run(["git", "diff", "--no-index", "--numstat", base_site, site], capture_output=True,
                             text=True).stdout
    added = removed = 0
    for line in numstat.splitlines():
        plus, minus, _ = line.split("\t", 2)
        if plus != "-":
            added += int(plus)
            removed += int(minus)
    diff = json.loads(subprocess.run([binary, "diff", base_site, site, "--format", "json"], capture_output=True,
                                     text=True, check=True).stdout)
    files = diff["files"]
    by_kind = {}
    for path in files["added"] + files["removed"] + files["changed"]:
        by_kind[kind(path)] = by_kind.get(kind(path), 0) + 1
    total = len(files["added"]) + len(files["removed"]) + len(files["changed"])
    where = ", ".join(f"{k} {n}" for k, n in sorted(by_kind.items(), key=lambda kv: (-kv[1], kv[0])))
    keys = sum(len(g["keys"]) for g in diff["keys"])
    rows.append((name, what, total, len(files["added"]), len(files["removed"]), len(files["changed"]), added, removed,
                 keys, where or "none", seconds))

print(f"sample: {len(load(base_content, 'products.json'))} products, "
      f"{len(load(base_content, 'query_suggestions.json'))} suggestions; site in {base_site}")
print()
print("| edit | what | files changed (+ added, − removed) | lines + / − | keys changed | where |")
print("|---|---|---:|---:|---:|---|")
for name, what, total, a, r, c, plus, minus, keys, where, _ in rows:
    print(f"| {name} | {what} | {total} ({c} changed, +{a}, −{r}) | +{plus} / −{minus} | {keys} | {where} |")
print()
for row in rows:
    print(f"{row[0]}: build {row[-1]:.2f} s")
