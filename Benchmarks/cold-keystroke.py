#!/usr/bin/env python3
"""The last keystroke of each text typed for the first time on a page (issue 37, part 7: what makes
a one-letter word after whole words slow), on two or more built sites, in headless Chromium over
HTTP. For each text, each site in turn: a fresh page, the box clicked, the text typed key by key
(each key once the previous one's results have painted), the earlier keys at full speed and the
last one with the CPU throttled 4x; the page's own measures give the last key's time to painted
results and to the painted list. Prints each text's median per site and the sum of the medians.

The sites are built beforehand (`typeahead build --output DIR`), so that two builds (other shard
sizes, another `answersAbove`) or two versions of the page's script (a commit's parts joined by
`browsing.page_script` into one site's `assets/js/typeahead.js`) can be compared in the same run,
alternately, under the same noise.

Usage: .venv/bin/python Benchmarks/cold-keystroke.py SITE_A,SITE_B[,…] [--texts "galaxy s,usb c c"] [--runs N]
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browsing import chromium, serve, type_and_wait  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
sites = [os.path.abspath(s) for s in sys.argv[1].split(",")] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else []
if not sites:
    sys.exit(__doc__)
texts = arg("--texts", "galaxy s,usb c c,iphone 7,case f,case for s").split(",")
runs = int(arg("--runs", "5"))

bases = [serve(site)[1] for site in sites]
driver = chromium()
driver.set_script_timeout(10)
results = {(s, t): [] for s in range(len(sites)) for t in texts}
lists = {(s, t): [] for s in range(len(sites)) for t in texts}
for _ in range(runs):
    for text in texts:
        for s, base in enumerate(bases):
            driver.get("about:blank")
            driver.get(base + "/index.html")
            box = driver.find_element(By.ID, "typeahead-input")
            box.click()
            time.sleep(0.2)
            for k, character in enumerate(text):
                if k == len(text) - 1:
                    time.sleep(0.3)
                    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
                type_and_wait(driver, box, character)
            time.sleep(0.2)
            found, listed = driver.execute_script(
                "const last = (name) => performance.getEntriesByName(name).slice(-1)[0].duration;"
                " return [last('typeahead-results-paint'), last('typeahead-render-paint')]")
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
            results[(s, text)].append(found)
            lists[(s, text)].append(listed)
driver.quit()

label = lambda s: chr(ord("A") + s)
for s, site in enumerate(sites):
    print(f"{label(s)}: {site}")
for text in texts:
    cells = [f"{label(s)} results {statistics.median(results[(s, text)]):6.1f} list {statistics.median(lists[(s, text)]):6.1f}"
             for s in range(len(sites))]
    print(f"{text!r:14} " + "  ".join(cells))
print("sum of the medians (results, ms): " + "  ".join(
    f"{label(s)} {sum(statistics.median(results[(s, t)]) for t in texts):.0f}" for s in range(len(sites))))
