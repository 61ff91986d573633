#!/usr/bin/env python3
"""Benchmark of a refinement click in the search page (issue 36): the time from a click in the
refinement panel (a brand ticked, a ready price range, a sort order chosen, a chip removed) to the
first frame painted with the refined list, and to the one painted with the panel's new counts, in
headless Chromium with the CPU throttled 4x, over HTTP. For each of a few queries: open
`#q=<query>` fresh, wait for the panel's counts, then click through brand → price range → sort →
remove a chip, each measured by the page itself (a click dispatched from script; the page's
performance measures from the shopper's change to each paint, as the keystroke benchmark reads
them). Prints p50, p95 and max over all clicks, and the bytes (gzipped) the page loaded for the refinements of the query
`case` (what the facet files and the whole list cost).

Usage: .venv/bin/python Benchmarks/refine.py [--content DIR] [--rounds N] [--bytes-only]
--content builds that folder (e.g. a synthetic shop `Benchmarks/scale.py --sizes 30000 --keep`
made) instead of the sample; its site.json must declare attributesForFaceting and replicas.
--bytes-only skips the clicks' timing (at 100,000 products, the bytes are the question).
"""
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, root)
from browsing import chromium, serve  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
content = os.path.abspath(arg("--content", os.path.join(root, "Content")))
rounds = 0 if "--bytes-only" in sys.argv else int(arg("--rounds", "3"))
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
site = os.path.join(tempfile.mkdtemp(prefix="typeahead-refine-"), "site")
subprocess.run([os.path.join(root, ".build/release/typeahead"), "build", "--quiet", "--content", content,
                "--output", site], check=True)
server, base = serve(site)
driver = chromium("--window-size=1280,900")
driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})

CLICK = """
const [selector, text, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const target = [...document.querySelectorAll(selector)].find((e) => !text || e.tagName === "SELECT" || e.textContent.trim().startsWith(text));
if (!target) return done(null);
// The page measures a refinement itself (typeahead-page.js): from the shopper's change to the
// painted list (`typeahead-results-paint`) and to the painted counts (`typeahead-refine-counts-paint`).
const seen = (name) => performance.getEntriesByName(name).length;
const before = [seen("typeahead-results-paint"), seen("typeahead-refine-counts-paint")];
if (target.tagName === "SELECT") { target.value = text; target.dispatchEvent(new Event("change")); }
else target.click();
const started = performance.now();
const wait = () => {
  if (seen("typeahead-results-paint") > before[0] && seen("typeahead-refine-counts-paint") > before[1]) {
    const last = (name) => performance.getEntriesByName(name).slice(-1)[0].duration;
    done([last("typeahead-results-paint"), last("typeahead-refine-counts-paint")]);
  } else if (performance.now() - started > 20000) done(null);
  else setTimeout(wait, 5);
};
wait();
"""


def click(selector, text=None):
    return driver.execute_async_script(CLICK, selector, text)


def ready():
    end = time.time() + 60
    while time.time() < end:
        if driver.execute_script("return document.querySelectorAll('#typeahead-refine .refine-check').length") > 0:
            return
        time.sleep(0.05)
    raise SystemExit("the panel never showed its counts")


queries = ["iphone", "case", "charger", "samsung galaxy", "otterbox", "apple watch", "cable", "speaker"]
replica = json.load(open(os.path.join(content, "site.json")))["replicas"][0]["name"]
FIND = """
const [selector, text] = arguments;
return [...document.querySelectorAll(selector)].find((e) => !text || e.tagName === "SELECT" || e.textContent.trim().startsWith(text));
"""
results = {}
driver.set_script_timeout(120)
# Two ways to click: dispatched from script with no pointer (the worst case), and as a person
# clicks with a mouse, the pointer resting on the choice for 200 ms first (the page loads the
# first cards' rows of the list a choice under the pointer would give).
for mode in ("script", "pointer"):
    times, counts_times = [], []
    for _ in range(rounds):
        for query in queries:
            driver.get("about:blank")
            driver.get(f"{base}/index.html#q={query}")
            ready()
            steps = [(".refine-check input", None), ("#typeahead-refine .refine-option", "$25 to $50"),
                     ("#typeahead-sort", replica), ("#typeahead-chips .refinement-chip", None)]
            for selector, text in steps:
                if selector == ".refine-check input":
                    selector = "#typeahead-refine .refine-check input"
                if mode == "pointer":
                    target = driver.execute_script(FIND, selector, text)
                    if target is not None and target.tag_name != "select":
                        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
                        ActionChains(driver).move_to_element(target).perform()
                        time.sleep(0.2)
                spent = click(selector, text)
                if spent is not None:
                    times.append(spent[0])
                    counts_times.append(spent[1])
                ready()
            ActionChains(driver).move_by_offset(0, 0).perform()
    results[mode] = (sorted(times), sorted(counts_times))

# Bytes for the refinements of `case`: everything the page loads from opening `#q=case` to the
# first refined list, gzipped as a server would send it.
driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
driver.get("about:blank")
driver.get(f"{base}/index.html#q=case")
ready()
before = set(driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)"))
click(".refine-check input")
ready()
after = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
loaded = list(after)
refined = [name for name in after if name not in before]


def gz(names):
    total = 0
    for name in names:
        path = os.path.join(site, name.split(base + "/", 1)[1].split("#")[0])
        total += len(gzip.compress(open(path, "rb").read(), 9))
    return total


facets = [n for n in loaded if "/facets/" in n]
driver.quit()
server.shutdown()
times.sort()
p95 = lambda xs: xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
for mode, (times, counts_times) in results.items():
    if times:
        print(f"{os.path.basename(content)}, clicked by {mode}: {len(times)} refinement clicks at 4x CPU throttle, "
              f"to the painted list: p50 {statistics.median(times):.0f} ms, p95 {p95(times):.0f} ms, max {times[-1]:.0f} ms; "
              f"to the painted counts: p50 {statistics.median(counts_times):.0f} ms, p95 {p95(counts_times):.0f} ms, "
              f"max {counts_times[-1]:.0f} ms")
print(f"'case' opened, its counts shown, then a brand ticked: {len(loaded)} files, {gz(loaded) / 1024:.1f} KB gzipped "
      f"in all (facet files {len(facets)}, {gz(facets) / 1024:.1f} KB); the click itself loaded {len(refined)} files, "
      f"{gz(refined) / 1024:.1f} KB")
