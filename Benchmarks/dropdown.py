#!/usr/bin/env python3
"""Benchmark of the list under the search box (issue 37, part 2): the bytes a shopper's browser
loads before the list paints, with the list's products (this tree's assets) and without them (the
assets of `--before`, a commit before the products joined the list), on the same built site.

For each query, on the search page and on a product page (a fresh page each time, HTTP cache
off): the box is clicked and the query typed key by key (150 ms apart); the bytes are those of
every file the page loaded (gzipped, as a server sends them) up to the frame the list painted
for the last keystroke (the page's own `typeahead-render-paint` measure), and, with the products,
up to the moment the list shows them. The site is built once; the other assets are swapped in.

Usage: .venv/bin/python Benchmarks/dropdown.py [--content DIR] [--before REV]
"""
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from urllib.parse import unquote, urlparse

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, root)
from browsing import chromium, page_script, serve  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
content = os.path.abspath(arg("--content", os.path.join(root, "Content")))
before = arg("--before", "a800720")  # part 5, the last commit before the list's products
QUERIES = ["cell", "iphone case", "otterbox", "galaxy s", "usb c", "charger"]

subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
work = tempfile.mkdtemp(prefix="typeahead-dropdown-")
site = os.path.join(work, "site")
subprocess.run([os.path.join(root, ".build/release/typeahead"), "build", "--quiet", "--content", content,
                "--output", site], check=True)
assets = {}
for name in ("js/typeahead.js", "style.css"):
    old = page_script(root, before) if name == "js/typeahead.js" else subprocess.run(
        ["git", "show", f"{before}:Templates/assets/{name}"], cwd=root, check=True, capture_output=True).stdout
    with open(os.path.join(site, "assets", name), "rb") as f:
        assets[name] = (old, f.read())
product = sorted(f for f in os.listdir(os.path.join(site, "products")) if f.endswith(".html"))[0]

gzipped = {}


def gz(path):
    if path not in gzipped:
        with open(path, "rb") as f:
            gzipped[path] = len(gzip.compress(f.read(), 9))
    return gzipped[path]


server, base = serve(site)
driver = chromium("--window-size=1280,900")
driver.execute_cdp_cmd("Network.enable", {})
driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})

LOADED = """
const until = arguments[0];
return performance.getEntriesByType('resource').filter((e) => e.responseEnd <= until).map((e) => e.name)
  .concat([location.href.split('#')[0]]);"""


def bytes_until(until):
    total = 0
    for url in set(driver.execute_script(LOADED, until)):
        path = os.path.join(site, unquote(urlparse(url).path).lstrip("/"))
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if os.path.isfile(path):
            total += gz(path)
    return total


def wait(condition, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    return None


def run(page, query, products):
    driver.get("about:blank")
    driver.get(base + "/" + page)
    box = wait(lambda: driver.find_elements(By.ID, "typeahead-input"))[0]
    time.sleep(0.3)
    box.click()
    for k, letter in enumerate(query):
        box.send_keys(letter)
        time.sleep(0.15)
    wait(lambda: driver.execute_script(
        "return document.querySelector('#typeahead-input').value === arguments[0] &&"
        " performance.getEntriesByName('typeahead-render-paint').length > 0", query))
    time.sleep(0.2)
    painted = driver.execute_script(
        "const m = performance.getEntriesByName('typeahead-render-paint').slice(-1)[0]; return m.startTime + m.duration;")
    listed = bytes_until(painted)
    shown = None
    if products:
        if wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox .option-product")) > 0, 8):
            shown = bytes_until(driver.execute_script("return performance.now()"))
    return listed, shown


rows = []
for page in ("index.html#", "products/" + product):
    for query in QUERIES:
        measured = {}
        for label, index in (("before", 0), ("after", 1)):
            for name, pair in assets.items():
                with open(os.path.join(site, "assets", name), "wb") as f:
                    f.write(pair[index])
            measured[label] = run(page, query, label == "after")
        rows.append((page.split("#")[0].split("/")[0], query, measured["before"][0], measured["after"][0],
                     measured["after"][1]))
driver.quit()
server.shutdown()
shutil.rmtree(work, ignore_errors=True)

print(f"catalogue: {content}")
print("| page | query | before the list paints, without products | with them | ratio | when the products show |")
print("|---|---|---:|---:|---:|---:|")
for page, query, old, new, shown in rows:
    print(f"| {page} | {query} | {old / 1024:.1f} KB | {new / 1024:.1f} KB | {new / old:.3f} | "
          f"{'—' if shown is None else f'{shown / 1024:.1f} KB'} |")
ratios = [new / old for _, _, old, new, _ in rows]
print(f"ratio of the bytes before the list paints: median {statistics.median(ratios):.3f}, max {max(ratios):.3f}")
