#!/usr/bin/env python3
"""Template parser benchmark (issue 15): many tags on one line used to make the parser quadratic
(20,000 tags 26.5 s, 40,000 66 s). Builds the small fixture with the front page's template
holding N `{{site.title}}` tags on one line (N = 2,000, 20,000, 200,000) and reports the build's
wall time (median of 3) and the time per tag, which stays flat when the parser is linear.

Usage: python3 Benchmarks/template-parser.py   (after `swift build -c release`)
"""
import os
import shutil
import statistics
import subprocess
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
typeahead = os.path.join(root, ".build", "release", "typeahead")
content = os.path.join(root, "Tests", "EndToEndTests", "Fixtures", "small", "Content")
work = tempfile.mkdtemp(prefix="typeahead-templates-")
try:
    print("| tags on one line | build (median of 3) | µs per tag |")
    print("|---:|---:|---:|")
    base = None
    for n in (2_000, 20_000, 200_000):
        templates = os.path.join(work, f"templates-{n}")
        shutil.copytree(os.path.join(root, "Templates"), templates)
        index = os.path.join(templates, "index.mustache")
        source = open(index, encoding="utf-8").read()
        source = source.replace("{{$main}}\n", "{{$main}}\n" + "{{site.title}} " * n + "\n", 1)
        open(index, "w", encoding="utf-8").write(source)
        walls = []
        for _ in range(3):
            output = os.path.join(work, f"site-{n}")
            shutil.rmtree(output, ignore_errors=True)
            started = time.monotonic()
            subprocess.run([typeahead, "build", "--quiet", "--content", content, "--templates", templates,
                            "--output", output], check=True)
            walls.append(time.monotonic() - started)
        wall = statistics.median(walls)
        base = base or wall
        print(f"| {n:,} | {wall:.2f} s | {(wall - base) / n * 1e6 if n > 2000 else 0:.2f} |", flush=True)
finally:
    shutil.rmtree(work, ignore_errors=True)
