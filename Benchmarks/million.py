#!/usr/bin/env python3
"""One million products (issue 38, part 5): a synthetic shop (`synthetic.py`) built and checked by
the release binary, with each step's wall time and peak memory, the site's files and bytes, and
the bytes of each kind of file. One run; nothing else should run on the machine meanwhile.

Usage: python3 Benchmarks/million.py [--products 1000000] [--suggestions 100000] [--work DIR]
                                     [--limit-gb 14] [--no-check]
--work holds the content and the site (default: a new folder in /tmp; a 1,000,000-product site
is tens of gigabytes); they are kept for a later run. --limit-gb stops a step whose memory passes
it (the machine's RAM is shared with everything else), and says so in its row.
The suggestions default to 100,000: a shop of a million products curates tens of thousands of
searches, not one a product (scale.py's shops have as many suggestions as products).
"""
import os
import subprocess
import sys
import tempfile
import threading
import time

from synthetic import make_content

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
products = int(arg("--products", "1000000"))
suggestions = int(arg("--suggestions", "100000"))
work = arg("--work", None) or tempfile.mkdtemp(prefix="typeahead-million-")
limit = float(arg("--limit-gb", "14")) * 1024 ** 3
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
typeahead = os.path.join(root, ".build/release/typeahead")


def rss(pid):
    """Resident bytes of a process and its children (from /proc)."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            with open(f"/proc/{p}/task/{p}/children") as f:
                stack += [int(c) for c in f.read().split()]
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total


def step(name, command):
    """Runs a step; returns (seconds, peak bytes, exit code, stopped for memory), printing as it goes."""
    print(f"{name}: {' '.join(command)}", flush=True)
    started = time.monotonic()
    log = open(os.path.join(work, f"{name}.log"), "w")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    peak, stopped = 0, False
    done = threading.Event()

    def watch():
        nonlocal peak, stopped
        while not done.wait(0.5):
            peak = max(peak, rss(process.pid))
            if peak > limit and not stopped:
                stopped = True
                process.kill()

    watcher = threading.Thread(target=watch)
    watcher.start()
    code = process.wait()
    done.set()
    watcher.join()
    seconds = time.monotonic() - started
    print(f"{name}: {seconds:.1f} s, peak {peak / 1024 ** 2:,.0f} MiB, exit {code}"
          + (" (stopped: over the memory limit)" if stopped else ""), flush=True)
    return seconds, peak, code, stopped


def tree(folder):
    files = size = 0
    kinds = {}
    for path, _, names in os.walk(folder):
        relative = os.path.relpath(path, folder).split(os.sep)
        kind = "/".join(relative[:3] if relative[0] == "data" else relative[:1])
        for name in names:
            bytes_ = os.path.getsize(os.path.join(path, name))
            files += 1
            size += bytes_
            count, total = kinds.get(kind, (0, 0))
            kinds[kind] = (count + 1, total + bytes_)
    return files, size, kinds


started = time.monotonic()
content = make_content(products, work, suggestions)
print(f"content: {content} in {time.monotonic() - started:.1f} s", flush=True)
site = os.path.join(work, "site")
build = step("build", [typeahead, "build", "--content", content, "--output", site])
files, size, kinds = tree(site) if build[2] == 0 else (0, 0, {})
check = step("check", [typeahead, "check", "--full", "--content", content, "--site", site]) \
    if build[2] == 0 and "--no-check" not in sys.argv else None

cell = lambda s: "-" if s is None else (f"{s[0]:,.0f} s" + ("" if s[2] == 0 else f" (exit {s[2]})"))
memory = lambda s: "-" if s is None else f"{s[1] / 1024 ** 2:,.0f} MiB" + (" (stopped)" if s[3] else "")
print()
print("| products | suggestions | build | its peak memory | files | bytes | bytes a product | check | its peak memory |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
print(f"| {products:,} | {suggestions:,} | {cell(build)} | {memory(build)} | {files:,} | {size / 1e6:,.0f} MB "
      f"| {size / products / 1000:,.1f} KB | {cell(check)} | {memory(check)} |")
print()
print("| kind | files | bytes |")
print("|---|---:|---:|")
for kind, (count, total) in sorted(kinds.items(), key=lambda item: (-item[1][1], item[0])):
    print(f"| `{kind}/` | {count:,} | {total / 1e6:,.1f} MB |")
