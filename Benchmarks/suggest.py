#!/usr/bin/env python3
"""Benchmark of `typeahead suggest` (release build): time and peak memory.

1. The sample: Content/ (its log of 751 real searches, generate on brand and brand x categories).
2. A synthetic log of N entries (default 1,000,000) over D distinct queries (default 100,000), made
   deterministically from the sample catalogue's real words: one to four words of product names,
   a quarter of them typed as a prefix (the last word cut), each distinct query logged N/D times
   in varied case and spacing (as people type), with counts drawn from a heavy-tailed distribution;
   written as an Algolia dashboard CSV export, over the sample catalogue and configuration.
Each is run 3 times; the median wall time and the largest peak RSS are reported.
Usage: Benchmarks/suggest.py [--entries N] [--distinct D]
"""
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
entries = int(sys.argv[sys.argv.index("--entries") + 1]) if "--entries" in sys.argv else 1_000_000
distinct = int(sys.argv[sys.argv.index("--distinct") + 1]) if "--distinct" in sys.argv else 100_000
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
typeahead = os.path.join(root, ".build/release/typeahead")


def run(content, runs=3):
    walls, peaks, last = [], [], ""
    for _ in range(runs):
        started = time.monotonic()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", typeahead, "suggest", "--content", content, "--dry-run"],
                                capture_output=True, text=True, check=True)
        walls.append(time.monotonic() - started)
        peaks.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
        last = "\n".join(line for line in result.stderr.splitlines()[:-1])
    return statistics.median(walls), max(peaks), walls, last


wall, peak, walls, summary = run(os.path.join(root, "Content"))
print("## The sample (Content/)")
print(f"- wall: median {wall:.2f} s of {', '.join(f'{w:.2f}' for w in walls)}; peak memory {peak:.0f} MiB")
print("\n".join("  " + line for line in summary.splitlines()))

# The synthetic log.
rng = random.Random(7)
products = json.load(open(os.path.join(root, "Content", "products.json"), encoding="utf-8"))
words = [w for p in products for w in re.findall(r"[a-z0-9]+", p["name"].lower()) if len(w) > 1]
queries = set()
while len(queries) < distinct:
    n = rng.choice([1, 1, 2, 2, 2, 3, 3, 4])
    query = " ".join(rng.choice(words) for _ in range(n))
    if rng.random() < 0.25 and len(query.split()[-1]) > 3:
        query = query[: len(query) - rng.randint(1, len(query.split()[-1]) - 2)]
    queries.add(query)
queries = sorted(queries)
per_query = entries // distinct
folder = tempfile.mkdtemp(prefix="typeahead-suggest-")
for name in ("products.json", "site.json"):
    shutil.copy(os.path.join(root, "Content", name), folder)
config = json.load(open(os.path.join(root, "Content", "suggestions.config.json"), encoding="utf-8"))
config["sourceIndices"][0]["external"] = ["searches.csv"]
json.dump(config, open(os.path.join(folder, "suggestions.config.json"), "w"))
with open(os.path.join(folder, "searches.csv"), "w", encoding="utf-8") as log:
    log.write("search,count,nbHits\n")
    lines = []
    for query in queries:
        for k in range(per_query):
            typed = query.upper() if k % 3 == 1 else ("  " + query.replace(" ", "  ") if k % 3 == 2 else query)
            count = int(1 + 1000 * rng.random() ** 8)
            lines.append(f'"{typed}",{count},0\n')
    rng.shuffle(lines)
    log.writelines(lines)
size = os.path.getsize(os.path.join(folder, "searches.csv"))
wall, peak, walls, summary = run(folder)
print(f"\n## Synthetic: {len(queries) * per_query:,} log entries, {len(queries):,} distinct queries ({size / 1e6:.1f} MB CSV)")
print(f"- wall: median {wall:.2f} s of {', '.join(f'{w:.2f}' for w in walls)} (target: at most 10 s); "
      f"peak memory {peak:.0f} MiB")
print("\n".join("  " + line for line in summary.splitlines()))
shutil.rmtree(folder)
