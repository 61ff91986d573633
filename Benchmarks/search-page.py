#!/usr/bin/env python3
"""Benchmark of the search page in headless Chromium (the built sample site, over HTTP).

- Keystroke to painted suggestions and to painted first results: the page marks each keystroke and
  measures the first frame after the list (`typeahead-render-paint`) and after the first page of
  results (`typeahead-results-paint`); N of the sample's suggestion queries are typed character by
  character, at full speed and with the CPU throttled 4x, every tenth on a fresh page (its first
  keystroke loads the client index). Prints p50/p95/max.
- Bytes loaded before the first suggestion shows: the page is opened fresh, one character is
  typed, and the resource-timing sizes of everything loaded until the list shows are added up
  (raw bytes, and gzipped as a server would send them).
- Pagefind in the same run (PyPI `pagefind-bin`, installed into the venv when missing): it indexes
  the same product pages, and the bytes its JavaScript API loads before the first result's data
  is ready (one character typed) are added up the same way.
- With `--against REV`, the same site is also served with the page of git revision REV (its
  Templates/assets/js and style.css), and the keystrokes are measured on both, query by query
  alternately (a browser each), so the VM's noise falls on both alike. With `--whole` too, REV
  builds its own site (its binary, templates and data files, from a git worktree of REV, release
  build): for changes to what the build writes for the page, not only to the page's scripts.
- With `--paced`, each key is typed once the previous one's results have painted (a shopper who
  reads as they type), so each keystroke's own work is measured, not a queue of them.
- With `--detail`, each throttled query's keystroke-to-results times are printed as they come.
- With `--texts "galaxy s,usb c c"`, those texts are typed (each `--repeat N` times, 5 by default)
  instead of the suggestions.
Usage: .venv/bin/python Benchmarks/search-page.py [--queries N] [--content DIR] [--against REV [--whole]] [--paced]
       [--texts T1,T2 [--repeat N]] [--detail]
(Scripts/test makes .venv). --content DIR builds that content folder instead of the sample (e.g. a
synthetic shop that Benchmarks/scale.py --keep made), and types its suggestions.
"""
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, root)
from selenium.webdriver.common.by import By  # noqa: E402

from browsing import Quiet, chromium, page_script, serve, type_and_wait  # noqa: E402

count = int(sys.argv[sys.argv.index("--queries") + 1]) if "--queries" in sys.argv else 150
paced = "--paced" in sys.argv
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True, stdout=subprocess.DEVNULL)
content = os.path.abspath(sys.argv[sys.argv.index("--content") + 1]) if "--content" in sys.argv else os.path.join(root, "Content")
site = os.path.join(tempfile.mkdtemp(prefix="typeahead-page-"), "site")
subprocess.run([os.path.join(root, ".build/release/typeahead"), "build", "--quiet", "--content", content, "--output", site],
               cwd=root, check=True)


SERVED = []  # every path any server here was asked for, in order (workers' fetches included)


class Recording(Quiet):
    def do_GET(self):
        SERVED.append(self.path.split("?")[0])
        super().do_GET()


server, base = serve(site, Recording)
url = base + "/index.html"

driver = chromium()
against = sys.argv[sys.argv.index("--against") + 1] if "--against" in sys.argv else None
pages = {"now": (driver, url)}
if against and "--whole" in sys.argv:
    # The site REV builds (its binary, templates and data formats), from a worktree of REV.
    tree = os.path.join(tempfile.mkdtemp(prefix="typeahead-page-rev-"), "tree")
    subprocess.run(["git", "worktree", "add", "-q", "--detach", tree, against], cwd=root, check=True)
    try:
        subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=tree, check=True,
                       stdout=subprocess.DEVNULL)
        before = os.path.join(tempfile.mkdtemp(prefix="typeahead-page-before-"), "site")
        subprocess.run([os.path.join(tree, ".build/release/typeahead"), "build", "--quiet", "--content", content,
                        "--templates", os.path.join(tree, "Templates"), "--output", before], cwd=tree, check=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=root, check=True)
    pages[against] = (chromium(), serve(before)[1] + "/index.html")
elif against:
    # The same site with REV's page: its scripts and stylesheet (the data files are this build's).
    before = os.path.join(tempfile.mkdtemp(prefix="typeahead-page-before-"), "site")
    shutil.copytree(site, before)
    assets = os.path.join(before, "assets")
    with open(os.path.join(assets, "js", "typeahead.js"), "wb") as f:
        f.write(page_script(root, against))
    shown = subprocess.run(["git", "show", f"{against}:Templates/assets/style.css"], cwd=root, capture_output=True, check=True)
    with open(os.path.join(assets, "style.css"), "wb") as f:
        f.write(shown.stdout)
    pages[against] = (chromium(), serve(before)[1] + "/index.html")

def loaded_bytes(folder, names):
    """Files of the site among `names` (remote product images, which fail offline, are not), with
    their bytes raw and gzipped."""
    files = raw = zipped = 0
    for name in dict.fromkeys(names):
        path = os.path.join(folder, name.lstrip("/"))
        if os.path.isfile(path):
            data = open(path, "rb").read()
            files += 1
            raw += len(data)
            zipped += len(gzip.compress(data, 6))
    return files, raw, zipped


# Bytes before the first suggestion (counted from what the server sent).
SERVED.clear()
driver.get(url)
box = driver.find_element(By.ID, "typeahead-input")
box.click()
box.send_keys("i")
end = time.time() + 5
while time.time() < end and not driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox [role=option]"):
    time.sleep(0.02)
# Only what was asked for before the list rendered (results come after it): the page's own
# resource timing, cut at the end of the first keystroke-to-render measure.
names = driver.execute_script("""
  const render = performance.getEntriesByName('typeahead-render')[0];
  const end = render.startTime + render.duration;
  return [location.pathname].concat(performance.getEntriesByType('resource')
    .filter(e => e.startTime <= end).map(e => new URL(e.name).pathname));""")
ours = loaded_bytes(site, names)

# Pagefind on the same product pages, asked for the same first character.
subprocess.run([sys.executable, "-m", "pip", "install", "-q", "pagefind-bin"], check=True)
pagefind_site = os.path.join(tempfile.mkdtemp(prefix="typeahead-pagefind-"), "site")
shutil.copytree(os.path.join(site, "products"), os.path.join(pagefind_site, "products"))
shutil.copy(os.path.join(site, "index.html"), pagefind_site)
subprocess.run([sys.executable, "-m", "pagefind_bin", "--site", pagefind_site], check=True, stdout=subprocess.DEVNULL)
with open(os.path.join(pagefind_site, "bench.html"), "w") as f:
    f.write("<!DOCTYPE html><title>pagefind</title><script type=module>"
            "const pagefind = await import('/pagefind/pagefind.js'); await pagefind.init();"
            "const search = await pagefind.search('i');"
            "window.first = search.results.length ? await search.results[0].data() : null; window.done = true;"
            "</script>")
pf_server, pf_base = serve(pagefind_site, Recording)
SERVED.clear()
driver.get(pf_base + "/bench.html")
end = time.time() + 20
while time.time() < end and not driver.execute_script("return window.done === true"):
    time.sleep(0.05)
assert driver.execute_script("return window.done === true"), "Pagefind's search did not finish"
time.sleep(0.5)
theirs = loaded_bytes(pagefind_site, list(SERVED))
pf_server.shutdown()

# Keystroke to painted suggestions and to painted first results, as a person types (one key at a
# time), at full speed and with the CPU throttled 4x (Chrome DevTools Protocol); every tenth query
# starts on a freshly loaded page, so first keystrokes (the client index not loaded yet) count.
queries = [q for q in subprocess.run(
    [sys.executable, "-c", "import json,sys; print('\\n'.join(r['query'] for r in json.load(open(sys.argv[1]))))",
     os.path.join(content, "query_suggestions.json")], capture_output=True, text=True).stdout.splitlines()]
queries = sorted(queries)[:: max(1, len(queries) // count)][:count]
if "--texts" in sys.argv:
    # Given texts instead (issue 37: a one-letter word after whole words), each typed `--repeat` times.
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    queries = [t for t in sys.argv[sys.argv.index("--texts") + 1].split(",") for _ in range(repeat)]


def keystrokes(rate):
    """Each page's (lists, found, firsts) at `rate`, the pages taking turns query by query."""
    measured = {label: ([], [], []) for label in pages}
    boxes = {}
    for browser, _ in pages.values():
        browser.set_script_timeout(10)
    for i, query in enumerate(queries):
        for label, (browser, address) in pages.items():
            lists, found, firsts = measured[label]
            if i % 10 == 0:
                browser.get("about:blank")
                browser.get(address)
                boxes[label] = browser.find_element(By.ID, "typeahead-input")
                boxes[label].click()
                time.sleep(0.2)
            box = boxes[label]
            browser.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
            browser.execute_script("performance.clearMeasures()")
            for character in query:
                if paced:
                    # One key at a time: the next only once this one's results have painted (or 3 s).
                    type_and_wait(browser, box, character, limit=3000)
                else:
                    box.send_keys(character)
            time.sleep(0.4 * rate)
            got = browser.execute_script(
                "return [performance.getEntriesByName('typeahead-render-paint').map(e => e.duration),"
                " performance.getEntriesByName('typeahead-results-paint').map(e => e.duration)]")
            lists += got[0]
            found += got[1]
            if "--detail" in sys.argv and rate > 1:
                print(f"  [{label}] {query!r}: results " + " ".join(f"{d:.0f}" for d in got[1]), flush=True)
            if i % 10 == 0 and got[1]:
                firsts.append(got[1][0])
            box.send_keys(Keys.ESCAPE, Keys.ESCAPE)
            browser.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    return {label: tuple(sorted(v) for v in values) for label, values in measured.items()}


def summary(values):
    if not values:
        return "none"
    pick = lambda p: values[min(len(values) - 1, int(len(values) * p))]
    return f"p50 {pick(0.5):.1f} ms, p95 {pick(0.95):.1f} ms, max {values[-1]:.1f} ms ({len(values)})"


from selenium.webdriver.common.keys import Keys  # noqa: E402
runs = {rate: keystrokes(rate) for rate in (1, 4)}
for browser, _ in pages.values():
    browser.quit()
server.shutdown()
for rate, measured in runs.items():
    for page, (lists, found, firsts) in measured.items():
        label = ("CPU as is" if rate == 1 else "CPU throttled 4x") + (f" [{page}]" if against else "")
        print(f"{label}: keystroke → painted suggestions: {summary(lists)}")
        print(f"{label}: keystroke → painted first results: {summary(found)}")
        print(f"{label}: first keystroke on a fresh page → painted first results: {summary(firsts)}")
print(f"Typeahead, loaded before the first suggestion: {ours[0]} files, {ours[1]} bytes raw, {ours[2]} bytes gzipped")
print(f"Pagefind, loaded before the first result: {theirs[0]} files, {theirs[1]} bytes raw, {theirs[2]} bytes gzipped")
print(f"ratio (gzipped): Pagefind loads {theirs[2] / ours[2]:.1f}x the bytes")
