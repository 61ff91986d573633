#!/usr/bin/env python3
"""One million products (issue 38, part 5): a synthetic shop (`synthetic.py`) built by the release
binary, built again with nothing changed and after one product is edited (`synthetic.edit_one`),
and checked, with each step's wall time and peak memory, the site's files and bytes, and the bytes
of each kind of file. One run; nothing else should run on the machine meanwhile.

Usage: python3 Benchmarks/million.py [--products 1000000] [--suggestions 100000] [--work DIR]
                                     [--limit-gb 14] [--steps build,unchanged,edit,check]
--work holds the content and the site (default: a new folder in /tmp; a 1,000,000-product site
is tens of gigabytes); they are kept, and a later run with the same --work reuses the content
(so `--steps unchanged,edit` goes on from a built site). --steps runs only those, in that order.
--limit-gb stops a step whose memory passes it (the machine's RAM is shared with everything else),
and says so in its row.
The suggestions default to 100,000: a shop of a million products curates tens of thousands of
searches, not one a product (scale.py's shops have as many suggestions as products).
"""
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

from synthetic import edit_one, files_written, kinds, make_content, tree

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
    maxrss = os.path.join(work, f"{name}.maxrss")
    process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", maxrss] + command, stdout=log,
                               stderr=subprocess.STDOUT, cwd=root, start_new_session=True)
    peak, stopped = 0, False
    done = threading.Event()

    def watch():
        nonlocal peak, stopped
        while not done.wait(0.5):
            peak = max(peak, rss(process.pid))
            if peak > limit and not stopped:
                stopped = True
                os.killpg(process.pid, signal.SIGKILL)

    watcher = threading.Thread(target=watch)
    watcher.start()
    code = process.wait()
    done.set()
    watcher.join()
    seconds = time.monotonic() - started
    try:  # /usr/bin/time's maximum resident set (KB), exact where the sampling every 0.5 s is not
        with open(maxrss) as f:
            peak = max(peak, int(f.read().split()[-1]) * 1024)
    except (OSError, ValueError, IndexError):
        pass
    print(f"{name}: {seconds:.1f} s, peak {peak / 1024 ** 2:,.0f} MiB, exit {code}"
          + (" (stopped: over the memory limit)" if stopped else ""), flush=True)
    return seconds, peak, code, stopped


steps = arg("--steps", "build,unchanged,edit,check").split(",")
started = time.monotonic()
named = f"content-{products}" if suggestions == products else f"content-{products}-{suggestions}"
content = os.path.join(work, named)
if os.path.exists(os.path.join(content, "site.json")) and "build" not in steps:
    print(f"content: {content}, kept from an earlier run", flush=True)
else:
    content = make_content(products, work, suggestions)
    print(f"content: {content} in {time.monotonic() - started:.1f} s", flush=True)
site = os.path.join(work, "site")
build_command = [typeahead, "build", "--content", content, "--output", site]
done = {}
for name in steps:
    if any(s[2] != 0 for s in done.values()):
        break
    if name == "edit":
        edit_one(content)
    done[name] = step(name, [typeahead, "check", "--full", "--content", content, "--site", site]
                      if name == "check" else build_command)
files, size = tree(site)


def written(name):
    """" (N files written)" from a rebuild's log."""
    with open(os.path.join(work, f"{name}.log"), encoding="utf-8", errors="replace") as f:
        count = files_written(f.read())
    return f" ({count:,} files written)" if count is not None and name != "build" else ""


cell = lambda name, s: f"{s[0]:,.0f} s" + ("" if s[2] == 0 else f" (exit {s[2]})") + written(name)
memory = lambda s: f"{s[1] / 1024 ** 2:,.0f} MiB" + (" (stopped)" if s[3] else "")
print()
print("| products | suggestions | files | bytes | bytes a product "
      + "".join(f"| {name} | its peak memory " for name in done) + "|")
print("|---:|---:|---:|---:|---:" + "|---:|---:" * len(done) + "|")
print(f"| {products:,} | {suggestions:,} | {files:,} | {size / 1e6:,.0f} MB | {size / products / 1000:,.1f} KB "
      + "".join(f"| {cell(name, s)} | {memory(s)} " for name, s in done.items()) + "|")
print()
print("| kind | files | bytes |")
print("|---|---:|---:|")
for kind, count, total in kinds(site):
    print(f"| `{kind}` | {count:,} | {total / 1e6:,.1f} MB |")
