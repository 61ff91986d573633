#!/usr/bin/env python3
"""Benchmark of contract version 3 (the shop's language) against an earlier revision, in one run
(release builds of both, measured alternately).

- Engine: Benchmarks/EngineBenchmark of both revisions on the sample's queries (every suggestion
  and each of its prefixes, both indices, first page highlighted): queries per second. The earlier
  revision reads the sample without the version 3 settings (site.json's language keys and
  synonyms.json removed), which it does not know; this revision reads the sample as it is
  (plurals, lastWords, synonyms, splits and joins on) and, for the cost of the machinery alone,
  also the stripped copy.
- Build: `typeahead build --quiet` of the sample (median of --runs clean builds each) and of a
  synthetic shop of --size products (Benchmarks/synthetic.py's, one run each by default).
Usage: Benchmarks/language.py --against REV [--runs 3] [--size 100000] [--size-runs 1]
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
against = arg("--against", None)
if not against:
    raise SystemExit(__doc__)
runs = int(arg("--runs", "3"))
size = int(arg("--size", "100000"))
size_runs = int(arg("--size-runs", "1"))
work = tempfile.mkdtemp(prefix="typeahead-language-")
LANGUAGE_KEYS = {"ignorePlurals", "queryLanguages", "alternativesAsExact", "removeWordsIfNoResults",
                 "optionalWords", "suggestionsIndex"}


def release(folder):
    for product in ("typeahead", "EngineBenchmark"):
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=folder, check=True,
                       stdout=subprocess.DEVNULL)
    return os.path.join(folder, ".build/release")


old_tree = os.path.join(work, "old")
subprocess.run(["git", "worktree", "add", "--detach", old_tree, against], cwd=root, check=True,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    print(f"building {against} and HEAD (release)…", file=sys.stderr)
    old_bin, new_bin = release(old_tree), release(root)

    def stripped(folder, name):
        """A copy of a content folder without what version 2 does not read."""
        copy = os.path.join(work, name)
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("synonyms.json", "images", "image-cache"))
        site = os.path.join(copy, "site.json")
        if os.path.exists(site):
            config = {k: v for k, v in json.load(open(site)).items() if k not in LANGUAGE_KEYS}
            json.dump(config, open(site, "w"))
        return copy

    sample = os.path.join(root, "Content")
    sample_v2 = stripped(sample, "sample-v2")

    def engine(binaries, content):
        out = subprocess.run([os.path.join(binaries, "EngineBenchmark"), content], check=True,
                             capture_output=True, text=True).stdout
        return json.loads(out)

    results = {"old": engine(old_bin, sample_v2), "new": engine(new_bin, sample),
               "new, v2 settings": engine(new_bin, sample_v2)}
    print("\n## Engine (queries per second, the sample's queries)\n")
    print("| engine | products q/s | products p99 ms | suggestions q/s | suggestions p99 ms |")
    print("|---|---:|---:|---:|---:|")
    for name, r in results.items():
        print(f"| {name} | {r['products']['qps']:.0f} | {r['products']['p99_ms']:.2f} | "
              f"{r['suggestions']['qps']:.0f} | {r['suggestions']['p99_ms']:.2f} |")
    for index in ("products", "suggestions"):
        print(f"\n{index}: version 3 / version 2 = "
              f"{results['new'][index]['qps'] / results['old'][index]['qps']:.2f} (queries per second)")

    def build(binaries, content, output):
        shutil.rmtree(output, ignore_errors=True)
        os.sync()
        time.sleep(1)
        started = time.monotonic()
        subprocess.run([os.path.join(binaries, "typeahead"), "build", "--quiet", "--content", content,
                        "--output", output], check=True)
        return time.monotonic() - started

    def compare(title, old_content, new_content, count):
        times = {"old": [], "new": []}
        for _ in range(count):
            times["old"].append(build(old_bin, old_content, os.path.join(work, "site-old")))
            times["new"].append(build(new_bin, new_content, os.path.join(work, "site-new")))
        old, new = statistics.median(times["old"]), statistics.median(times["new"])
        print(f"\n## {title} ({count} run{'s' if count > 1 else ''} each, median)\n")
        print(f"| {against} | HEAD | HEAD / {against} |\n|---:|---:|---:|\n| {old:.1f} s | {new:.1f} s | {new / old:.2f} |")

    compare("Sample build", sample_v2, sample, runs)
    if size > 0:
        from synthetic import make_content
        shop = make_content(size, work)
        shutil.copy(os.path.join(sample, "synonyms.json"), shop)
        compare(f"{size:,} products", stripped(shop, f"shop-v2"), shop, size_runs)
finally:
    subprocess.run(["git", "worktree", "remove", "--force", old_tree], cwd=root, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    shutil.rmtree(work, ignore_errors=True)
