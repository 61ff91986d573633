#!/usr/bin/env python3
"""Benchmark of the live engine against SQLite FTS5, in one run (release build).

Every suggestion query of Content/ and each of its prefixes (normalised, unique) is answered by
the engine (first page, highlighted, as `typeahead query` does) against both indices, and by SQLite
FTS5 (unicode61 remove_diacritics 2, last word as a prefix, bm25 order, LIMIT of one page) on the
same records. Prints p50/p99 latency, queries per second, the engine's build time and peak memory,
and the ratio of FTS5's time to the engine's.
Usage: Benchmarks/engine.py [CONTENT_DIR]
"""
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
content = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Content"))
subprocess.run(["swift", "build", "-c", "release", "--product", "EngineBenchmark"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
queries_file = tempfile.mktemp(suffix=".txt")
run = subprocess.run(["/usr/bin/time", "-f", "%M", os.path.join(root, ".build/release/EngineBenchmark"),
                      content, queries_file], check=True, capture_output=True, text=True)
engine = json.loads(run.stdout)
peak_mib = int(run.stderr.strip().splitlines()[-1]) / 1024
queries = open(queries_file, encoding="utf-8").read().split("\n")

def load(name):
    for ext in (".json", ".ndjson", ".jsonl"):
        path = os.path.join(content, name + ext)
        if os.path.exists(path):
            text = open(path, encoding="utf-8").read()
            return json.loads(text) if ext == ".json" else [json.loads(l) for l in text.splitlines() if l.strip()]
    raise SystemExit(f"no {name} in {content}")

site = {}
if os.path.exists(os.path.join(content, "site.json")):
    site = json.load(open(os.path.join(content, "site.json"), encoding="utf-8"))
attributes = site.get("searchableAttributes", ["name", "brand", "categories", "description"])
per_page = site.get("hitsPerPage", 20)

def text(value):
    if isinstance(value, list):
        return " | ".join(v for v in value if isinstance(v, str))
    return value if isinstance(value, str) else ""

db = sqlite3.connect(":memory:")
cols = ", ".join(f'"{a}"' for a in attributes)
start = time.perf_counter()
db.execute(f"CREATE VIRTUAL TABLE p USING fts5(objectID UNINDEXED, {cols}, tokenize='unicode61 remove_diacritics 2')")
db.executemany(f"INSERT INTO p VALUES ({', '.join('?' * (len(attributes) + 1))})",
               [[r["objectID"]] + [text(r.get(a)) for a in attributes] for r in load("products")])
db.execute("CREATE VIRTUAL TABLE s USING fts5(objectID UNINDEXED, query, tokenize='unicode61 remove_diacritics 2')")
db.executemany("INSERT INTO s VALUES (?, ?)", [[r["objectID"], r["query"]] for r in load("query_suggestions")])
db.commit()
fts_build = time.perf_counter() - start

def expression(query):
    words = query.split(" ")
    return " ".join('"' + w.replace('"', '""') + '"' + ("*" if i == len(words) - 1 else "") for i, w in enumerate(words))

def fts(table, limit):
    sql = f"SELECT objectID FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT {limit}"
    latencies = []
    for q in queries[:200]:
        db.execute(sql, (expression(q),)).fetchall()
    start = time.perf_counter()
    for q in queries:
        t0 = time.perf_counter()
        db.execute(sql, (expression(q),)).fetchall()
        latencies.append((time.perf_counter() - t0) * 1000)
    total = time.perf_counter() - start
    latencies.sort()
    pick = lambda p: latencies[min(len(latencies) - 1, int(len(latencies) * p))]
    return {"p50_ms": pick(0.5), "p99_ms": pick(0.99), "qps": len(queries) / total}

fts_products = fts("p", per_page)
fts_suggestions = fts("s", 20)

print(f"queries: {len(queries)} (every suggestion query and each of its prefixes, normalised, unique)")
print(f"engine build: {engine['engine_build_s'] * 1000:.0f} ms (content load {engine['load_s'] * 1000:.0f} ms);"
      f" FTS5 build: {fts_build * 1000:.0f} ms; engine benchmark peak memory: {peak_mib:.1f} MiB")
print()
print("| index | engine p50 | engine p99 | engine q/s | FTS5 p50 | FTS5 p99 | FTS5 q/s | FTS5 time / engine time |")
print("|---|---|---|---|---|---|---|---|")
for name, ours, theirs in (("products", engine["products"], fts_products),
                           ("suggestions", engine["suggestions"], fts_suggestions)):
    print(f"| {name} | {ours['p50_ms']:.3f} ms | {ours['p99_ms']:.3f} ms | {ours['qps']:.0f} |"
          f" {theirs['p50_ms']:.3f} ms | {theirs['p99_ms']:.3f} ms | {theirs['qps']:.0f} |"
          f" {ours['qps'] / theirs['qps']:.2f}x |")
