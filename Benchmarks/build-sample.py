#!/usr/bin/env python3
"""Benchmark: building the sample site (release build).

Runs `typeahead build --quiet` on Content/ five times into an empty scratch folder (a clean
build) and prints the median wall time, the peak resident memory (from GNU time), the output file
count and bytes; then five rebuilds with nothing changed (the incremental writer keeps every file:
their modification times must not move), with their median wall time.
Usage: Benchmarks/build-sample.py [--runs N]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
binary = os.path.join(root, ".build", "release", "typeahead")
scratch = tempfile.mkdtemp(prefix="typeahead-bench-")
output = os.path.join(scratch, "_site")
walls, peaks, users, syss = [], [], [], []
import shutil
for _ in range(runs):
    shutil.rmtree(output, ignore_errors=True)
    os.sync()  # the removal's write-back must not be charged to the build
    time.sleep(2)
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", binary, "build", "--quiet", "--output", output],
                            cwd=root, check=True, stderr=subprocess.PIPE, text=True)
    walls.append(time.perf_counter() - start)
    user, sys_, peak = result.stderr.strip().splitlines()[-1].split()
    users.append(float(user)); syss.append(float(sys_)); peaks.append(int(peak))
files = total = 0
for folder, _, names in os.walk(output):
    for name in names:
        files += 1
        total += os.path.getsize(os.path.join(folder, name))
print(f"runs: {runs}")
print(f"wall time: median {statistics.median(walls):.3f} s (min {min(walls):.3f}, max {max(walls):.3f})")
print(f"cpu: median user {statistics.median(users):.2f} s, system {statistics.median(syss):.2f} s"
      " (system time is creating and removing the folders and files)")
print(f"peak memory: {max(peaks) / 1024:.1f} MiB")
print(f"output: {files} files, {total} bytes ({total / 1e6:.2f} MB)")

mtimes = {}
for folder, _, names in os.walk(output):
    for name in names:
        mtimes[os.path.join(folder, name)] = os.stat(os.path.join(folder, name)).st_mtime_ns
rebuilds = []
for _ in range(runs):
    start = time.perf_counter()
    result = subprocess.run([binary, "build", "--output", output], cwd=root, check=True, stderr=subprocess.PIPE,
                            text=True)
    rebuilds.append(time.perf_counter() - start)
    summary = [line.strip() for line in result.stderr.splitlines() if "unchanged since" in line][0]
moved = sum(1 for path, mtime in mtimes.items() if os.stat(path).st_mtime_ns != mtime)
print(f"rebuild, nothing changed: median {statistics.median(rebuilds):.3f} s (min {min(rebuilds):.3f}, "
      f"max {max(rebuilds):.3f}); {summary}; modification times moved: {moved}")
