#!/usr/bin/env python3
"""The first five products of every query of queries.txt from two `typeahead` binaries (each with its
own content folder), written for a blind judge: for each query, the two lists as X and Y in an order
drawn per query (seeded), and a key saying which is which (kept apart from the judge).
Usage: Benchmarks/relevance/lists.py OLD_BINARY OLD_CONTENT NEW_BINARY NEW_CONTENT OUT_DIR
"""
import json
import os
import random
import subprocess
import sys

old_bin, old_content, new_bin, new_content, out = sys.argv[1:6]
here = os.path.dirname(os.path.abspath(__file__))
queries = [q for q in open(os.path.join(here, "queries.txt"), encoding="utf-8").read().splitlines() if q]
rng = random.Random(34)


def top(binary, content, query):
    out = subprocess.run([binary, "query", "--content", content, "--hits-per-page", "5", query], check=True,
                         capture_output=True, text=True).stdout
    answer = json.loads(out)
    return answer["nbHits"], [{"objectID": h["objectID"], "name": h["name"], "categories": h.get("categories", []),
                               "description": (h.get("description") or "")[:160]} for h in answer["hits"]]


os.makedirs(out, exist_ok=True)
blind, key = [], {}
for query in queries:
    lists = {"old": top(old_bin, old_content, query), "new": top(new_bin, new_content, query)}
    order = ["old", "new"]
    rng.shuffle(order)
    key[query] = {"X": order[0], "Y": order[1], "nbHits": {k: v[0] for k, v in lists.items()}}
    blind.append({"query": query, "X": lists[order[0]][1], "Y": lists[order[1]][1]})
json.dump(blind, open(os.path.join(out, "blind.json"), "w"), indent=1, ensure_ascii=False)
json.dump(key, open(os.path.join(out, "key.json"), "w"), indent=1)
print(f"{len(queries)} queries written to {out}")
