#!/usr/bin/env python3
"""Benchmark of a refinement click in the search page (issue 36): the time from a click in the
refinement panel (a brand ticked, a ready price range, a sort order chosen, a chip removed) to the
first frame painted after the results list changed, in headless Chromium with the CPU throttled 4x,
over HTTP. For each of a few queries: open `#q=<query>` fresh, wait for the panel's counts, then
click through brand → price range → sort → remove a chip, each measured in the page (a click
dispatched from script, then the status line's change, then two animation frames). Prints p50, p95
and max over all clicks, and the bytes (gzipped) the page loaded for the refinements of the query
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
const status = document.getElementById("typeahead-status");
const before = status.textContent + "|" + location.hash;
const target = [...document.querySelectorAll(selector)].find((e) => !text || e.textContent.trim().startsWith(text));
if (!target) return done(null);
const started = performance.now();
if (target.tagName === "SELECT") { target.value = text; target.dispatchEvent(new Event("change")); }
else target.click();
const wait = () => {
  const first = document.querySelector("#typeahead-results li.hit");
  if (status.textContent + "|" + location.hash !== before && first) {
    requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - started)));
  } else setTimeout(wait, 1);
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
times = []
driver.set_script_timeout(120)
for _ in range(rounds):
    for query in queries:
        driver.get("about:blank")
        driver.get(f"{base}/index.html#q={query}")
        ready()
        top = driver.execute_script(
            "return document.querySelector('#typeahead-refine .refine-check .refine-value')?.textContent")
        steps = [(".refine-check input", None), ("#typeahead-refine .refine-option", "$25 to $50"),
                 ("#typeahead-sort", replica), ("#typeahead-chips .refinement-chip", None)]
        for selector, text in steps:
            if selector == ".refine-check input":
                spent = driver.execute_async_script(CLICK.replace("e.textContent.trim().startsWith(text)", "true"),
                                                    "#typeahead-refine .refine-check input", None)
            else:
                spent = click(selector, text)
            if spent is not None:
                times.append(spent)
            ready()

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
if times:
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    print(f"{os.path.basename(content)}: {len(times)} refinement clicks at 4x CPU throttle: "
          f"p50 {statistics.median(times):.0f} ms, p95 {p95:.0f} ms, max {times[-1]:.0f} ms")
print(f"'case' opened, its counts shown, then a brand ticked: {len(loaded)} files, {gz(loaded) / 1024:.1f} KB gzipped "
      f"in all (facet files {len(facets)}, {gz(facets) / 1024:.1f} KB); the click itself loaded {len(refined)} files, "
      f"{gz(refined) / 1024:.1f} KB")
