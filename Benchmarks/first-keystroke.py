#!/usr/bin/env python3
"""The first keystroke on a freshly opened search page, in headless Chromium with the CPU throttled
4x (Chrome DevTools Protocol): keystroke → painted first results, the page's own measure
(`typeahead-results-paint`), over HTTP, the sample site.

With `--against REV`, the same site is also served with the page scripts of git revision REV
(Templates/assets/js at REV), and the two are measured alternately in one run, so the VM's noise
falls on both alike. Prints the median, min and max of each.

Usage: .venv/bin/python Benchmarks/first-keystroke.py [--against REV] [--trials N] [--text T] [--content DIR]
--content DIR builds that content folder instead of the sample (e.g. a synthetic shop that
Benchmarks/scale.py --keep made).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By

from browsing import chromium, page_script, serve

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
option = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
trials = int(option("--trials", "8"))
text = option("--text", "i")
against = option("--against", None)
content = os.path.abspath(option("--content", os.path.join(root, "Content")))

subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True, stdout=subprocess.DEVNULL)
work = tempfile.mkdtemp(prefix="typeahead-first-")
sites = {"now": os.path.join(work, "now")}
subprocess.run([os.path.join(root, ".build/release/typeahead"), "build", "--quiet", "--content", content,
                "--output", sites["now"]], cwd=root, check=True)
if against:
    sites[against] = os.path.join(work, "against")
    shutil.copytree(sites["now"], sites[against])
    with open(os.path.join(sites[against], "assets", "js", "typeahead.js"), "wb") as f:
        f.write(page_script(root, against))


urls = {label: serve(site)[1] + "/index.html" for label, site in sites.items()}
driver = chromium()
found = {label: [] for label in urls}
try:
    # One round more than asked: the first warms the browser's own caches and is not counted.
    for turn in range(trials + 1):
        for label, url in urls.items():
            driver.get("about:blank")
            driver.get(url)
            box = driver.find_element(By.ID, "typeahead-input")
            box.click()
            time.sleep(0.3)
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
            driver.execute_script("performance.clearMeasures()")
            box.send_keys(text)
            end = time.time() + 10
            paint = []
            while time.time() < end and not paint:
                time.sleep(0.1)
                paint = driver.execute_script("return performance.getEntriesByName('typeahead-results-paint').map(e => e.duration)")
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
            if turn > 0 and paint:
                found[label].append(paint[0])
finally:
    driver.quit()
    shutil.rmtree(work, ignore_errors=True)
for label, values in found.items():
    if values:
        print(f"{label}: first keystroke {text!r} → painted first results, CPU 4x: median {statistics.median(values):.0f} ms, "
              f"min {min(values):.0f}, max {max(values):.0f} ({len(values)} pages)")
