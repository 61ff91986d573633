#!/usr/bin/env python3
"""Benchmark of `typeahead import` (release build), against the build of what it imports.

A synthetic Merchant Center RSS 2.0 feed of N items (default 100,000) is made deterministically from
the sample catalogue's real products, as scale.py makes its catalogues: the brand, the first half of
the name, the categories (as a `>` product_type), the price (within ±20%) and the image of one real
product, the second half of the name and the description of another, the description as HTML (a
paragraph and a list of two features, a few hundred bytes, in CDATA); a quarter of the items are
variants, in groups of two to four sharing an item_group_id, with a colour and a size each, and one
in ten has a sale price.

It times `typeahead import` (the median of 3 runs, with its peak memory), then `typeahead suggest`
and `typeahead build` of the imported content once each (the sample's site.json, with
"descriptionFormat": "html", and Query
Suggestions configuration, its search log left out, so the suggestions come from `generate`), and
prints the ratio import / build. The issue's target: import at most build.

With --huge-line it instead feeds `import` a feed with a 1 GB line (XML: one description's text;
TSV and CSV: one field), and reports each run's time, peak memory and message: reading must stop
after a field's bound (1 MiB), never hold the line.

Usage: Benchmarks/import.py [--items N] [--keep]
       Benchmarks/import.py --huge-line
"""
import html
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
items = int(arg("--items", "100000"))
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
typeahead = os.path.join(root, ".build/release/typeahead")
work = tempfile.mkdtemp(prefix="typeahead-import-")


def timed(command, expect=0):
    """Wall seconds, peak memory (MiB) and the result of running `command` under /usr/bin/time."""
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode != expect:
        raise SystemExit(f"{command[1]} exited {result.returncode}:\n{result.stderr[-2000:]}")
    lines = result.stderr.strip().splitlines()
    return wall, int(lines[-1]) / 1024, "\n".join(lines[:-1])


def make_feed(path, n):
    """The synthetic feed (see the docstring); returns its size in bytes."""
    rng = random.Random(n)
    real = json.load(open(os.path.join(root, "Content", "products.json"), encoding="utf-8"))
    colours, sizes = ["Black", "White", "Blue", "Red", "Silver", "Gold"], ["S", "M", "L", "XL", "32 GB", "64 GB"]
    with open(path, "w", encoding="utf-8") as feed:
        feed.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n')
        feed.write("<channel>\n<title>Synthetic shop</title>\n<link>https://shop.example</link>\n")
        i = 0
        while i < n:
            group = min(rng.choices([1, 2, 3, 4], weights=[27, 1, 1, 1])[0], n - i)
            a, b = real[i % len(real)], real[rng.randrange(len(real))]
            wa, wb = a["name"].split(), b["name"].split()
            name = " ".join(wa[: max(1, len(wa) // 2)] + wb[len(wb) // 2:])
            words = b.get("description", "").split()
            text = b.get("description", "") or name
            features = " ".join(words[:6]) or name, " ".join(words[6:12]) or "Ships free"
            description = (f"<p>{html.escape(text)}</p>\n<ul><li>{html.escape(features[0])}</li>"
                           f"<li>{html.escape(features[1])}</li></ul>")
            base_price = a.get("price", 19.99) if isinstance(a.get("price"), (int, float)) else 19.99
            for k in range(group):
                price = round(base_price * rng.uniform(0.8, 1.2), 2)
                fields = [("g:id", f"SKU-{i:07d}"), ("g:title", name + (f" - {colours[k]}" if group > 1 else "")),
                          ("g:link", f"https://shop.example/p/{i:07d}"),
                          ("g:price", f"{price:.2f} USD"), ("g:brand", a.get("brand", "Generic")),
                          ("g:product_type", " > ".join(a.get("categories", ["Misc"])[:3])),
                          ("g:availability", rng.choice(["in_stock", "in_stock", "in_stock", "out_of_stock"])),
                          ("g:condition", "new")]
                if "image" in a:
                    fields.append(("g:image_link", a["image"]))
                if group > 1:
                    fields += [("g:item_group_id", f"GROUP-{i - k:07d}"), ("g:color", colours[k]),
                               ("g:size", sizes[rng.randrange(len(sizes))])]
                if rng.random() < 0.1:
                    fields.append(("g:sale_price", f"{price * 0.9:.2f} USD"))
                feed.write("<item>\n")
                for tag, value in fields:
                    feed.write(f"  <{tag}>{html.escape(str(value), quote=False)}</{tag}>\n")
                feed.write(f"  <g:description><![CDATA[{description}]]></g:description>\n</item>\n")
                i += 1
        feed.write("</channel>\n</rss>\n")
    return os.path.getsize(path)


def huge_line():
    """A 1 GB line in each format: the time, peak memory and message of `import` refusing it."""
    print("## A 1 GB line (the field bound is 1 MiB)")
    block = b"x" * (1 << 20)
    shapes = {
        "feed.xml": (b'<?xml version="1.0"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n'
                     b"<item>\n<g:id>A</g:id>\n<g:title>T</g:title>\n<g:description>",
                     b"</g:description>\n</item></channel></rss>\n"),
        "feed.tsv": (b"id\ttitle\tdescription\nA\tT\t", b"\n"),
        "products.csv": (b"Handle,Title,Body (HTML)\na,T,\"", b"\"\n"),
    }
    for name, (head, tail) in shapes.items():
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(head)
            for _ in range(1024):
                f.write(block)
            f.write(tail)
        wall, peak, message = timed([typeahead, "import", path, "--output", os.path.join(work, "products.json")],
                                    expect=1)
        print(f"- {name} ({os.path.getsize(path) / 1e9:.2f} GB): exit 1 in {wall:.2f} s, peak memory {peak:.0f} MiB")
        print("  " + message.splitlines()[0].replace(path, name))
        os.remove(path)


if "--huge-line" in sys.argv:
    huge_line()
    shutil.rmtree(work)
    raise SystemExit(0)

feed = os.path.join(work, "feed.xml")
size = make_feed(feed, items)
content = os.path.join(work, "Content")
os.makedirs(content)
# The sample's settings, with the descriptions read as what the feed holds: HTML.
site = json.load(open(os.path.join(root, "Content", "site.json"), encoding="utf-8"))
json.dump(dict(site, descriptionFormat="html"), open(os.path.join(content, "site.json"), "w"))
config = json.load(open(os.path.join(root, "Content", "suggestions.config.json"), encoding="utf-8"))
del config["sourceIndices"][0]["external"]
json.dump(config, open(os.path.join(content, "suggestions.config.json"), "w"))

walls, peaks, summary = [], [], ""
for _ in range(3):
    wall, peak, summary = timed([typeahead, "import", feed, "--content", content])
    walls.append(wall)
    peaks.append(peak)
imported = statistics.median(walls)
print(f"## import: a Merchant Center RSS feed of {items:,} items ({size / 1e6:.1f} MB)")
print(f"- wall: median {imported:.2f} s of {', '.join(f'{w:.2f}' for w in walls)}; peak memory {max(peaks):.0f} MiB")
print("  " + summary.splitlines()[0].replace(feed, "feed.xml").replace(content, "Content"))

suggest, suggest_peak, said = timed([typeahead, "suggest", "--content", content])
print(f"\n## suggest on the imported content: {suggest:.2f} s, peak {suggest_peak:.0f} MiB")
print("  " + [line for line in said.splitlines() if line.startswith("Wrote")][0].replace(content, "Content"))
site = os.path.join(work, "_site")
build, build_peak, _ = timed([typeahead, "build", "--quiet", "--content", content, "--output", site])
print(f"\n## build of the imported content: {build:.2f} s, peak {build_peak:.0f} MiB")
print(f"\nimport / build = {imported:.2f} / {build:.2f} = {imported / build:.4f} (target: at most 1)")
if "--keep" in sys.argv:
    print(f"(kept in {work})")
else:
    shutil.rmtree(work)
