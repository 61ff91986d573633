#!/usr/bin/env python3
"""Benchmark of what the site precomputes (release build).

1. The sample: `typeahead build` on Content/ (build time split by phase, as the build reports it),
   keys, shards, the largest shard, bytes per suggestion, the client index raw and gzipped, then
   `typeahead check` on the result (its time).
2. A deterministic synthetic set of suggestions (default 1,000,000, words drawn from the sample's
   real vocabulary; see Benchmarks/PrefixMapBenchmark/main.swift): generation, engine and prefix-map
   time, keys per second, shard bytes per suggestion, the largest shard, peak memory, and a check
   of an evenly spaced sample of keys against direct engine queries.
Usage: Benchmarks/prefix-maps.py [--synthetic N]
"""
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
count = int(sys.argv[sys.argv.index("--synthetic") + 1]) if "--synthetic" in sys.argv else 1_000_000
for product in ("typeahead", "PrefixMapBenchmark"):
    subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
typeahead = os.path.join(root, ".build/release/typeahead")
site = os.path.join(tempfile.mkdtemp(prefix="typeahead-maps-"), "_site")

# 1. The sample.
start = time.perf_counter()
build = subprocess.run(["/usr/bin/time", "-f", "%M", typeahead, "build", "--output", site], cwd=root,
                       check=True, capture_output=True, text=True)
build_s = time.perf_counter() - start
log = build.stderr
phases = re.search(r"phases: (.*)", log).group(1)
keys, shards, largest = map(int, re.search(r"(\d+) keys in (\d+) shards \(largest (\d+) bytes\)", log).groups())
suggestions = int(re.search(r"(\d+) suggestions,", log).group(1))
shard_bytes = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(site, "shards")) for f in fs)
client_files = [os.path.join(d, f) for d, _, fs in sorted(os.walk(os.path.join(site, "data", "products"))) for f in sorted(fs)]
client = b"".join(open(f, "rb").read() for f in client_files)
start = time.perf_counter()
check = subprocess.run([typeahead, "check", "--site", site], cwd=root, capture_output=True, text=True)
check_s = time.perf_counter() - start
prefix_s = float(re.search(r"prefix maps ([\d.]+) s", phases).group(1))

print("## Sample (Content/)")
print(f"- build: {build_s:.2f} s wall, peak {int(build.stderr.strip().splitlines()[-1]) / 1024:.0f} MiB; phases: {phases}")
print(f"- prefix maps: {keys} keys ({keys / prefix_s:,.0f} keys/s) in {shards} shards, largest shard {largest} bytes,"
      f" {shard_bytes} shard bytes = {shard_bytes / suggestions:.0f} bytes per suggestion")
print(f"- client index (products, all {len(client_files)} shards): {len(client)} bytes raw, "
      f"{sum(len(gzip.compress(open(f, 'rb').read(), 9)) for f in client_files)} bytes gzipped file by file")
print(f"- check: {check_s:.2f} s, exit {check.returncode}: {check.stdout.strip().splitlines()[0]}")

# 2. The synthetic set.
run = subprocess.run(["/usr/bin/time", "-f", "%M", os.path.join(root, ".build/release/PrefixMapBenchmark"),
                      os.path.join(root, "Content"), str(count)], check=True, capture_output=True, text=True)
figures = json.loads(run.stdout)
peak = int(run.stderr.strip().splitlines()[-1]) / 1024
print()
print(f"## Synthetic: {count:,} suggestions (vocabulary {figures['vocabulary']} real words)")
print(f"- generate {figures['generate_s']:.1f} s, engine {figures['engine_s']:.1f} s,"
      f" prefix maps {figures['prefix_maps_s']:.1f} s ({figures['keys_per_s']:,.0f} keys/s), peak memory {peak:,.0f} MiB")
print(f"- {figures['keys']:,} keys in {figures['shards']:,} shards, largest shard {figures['largest_shard_bytes']} bytes,"
      f" {figures['shard_bytes']:,} shard bytes = {figures['bytes_per_suggestion']:.0f} bytes per suggestion")
print(f"- check: {figures['checked_keys']} evenly spaced keys against direct engine queries in {figures['check_s']:.1f} s,"
      f" {figures['check_differences']} differences")
