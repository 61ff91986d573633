#!/usr/bin/env python3
"""Each keystroke of a text typed on a fresh page (issue 37, part 7: where the slow keystrokes are),
in headless Chromium over HTTP, on a built site. For each text, `--runs` times: a fresh page, the
box clicked, then every key with the CPU throttled 4x, each once the previous one's results have
painted. Prints, for each key, the median time from keystroke to painted results (the page's own
`typeahead-results-paint` measure) and how many files it loaded (resource timing); with `--files`,
the files the last key of each text loaded, with their sizes.

With `--warm TEXT`, TEXT is typed at full speed first and the box emptied (Escape twice), on
each fresh page, before the throttled text: what a page that has already searched once costs.

Usage: .venv/bin/python Benchmarks/fresh-page.py SITE [--texts "galaxy s,iphone 7 p"] [--runs N] [--files] [--warm TEXT]
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browsing import chromium, fresh_box, serve, type_and_wait  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
if len(sys.argv) < 2 or sys.argv[1].startswith("--"):
    sys.exit(__doc__)
site = os.path.abspath(sys.argv[1])
texts = arg("--texts", "galaxy s,usb c c,iphone 7 p,case for s").split(",")
runs = int(arg("--runs", "3"))
warm = arg("--warm", "")

base = serve(site)[1]
driver = chromium()
driver.set_script_timeout(10)
times = {(t, k): [] for t in texts for k in range(len(t))}
loaded = {(t, k): [] for t in texts for k in range(len(t))}
last_files = {}
for _ in range(runs):
    for text in texts:
        box = fresh_box(driver, base + "/index.html")
        if warm:
            for character in warm:
                type_and_wait(driver, box, character)
            box.send_keys(Keys.ESCAPE, Keys.ESCAPE)
            time.sleep(0.3)
            box.click()
            time.sleep(0.3)
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        for k, character in enumerate(text):
            before = driver.execute_script("return performance.getEntriesByType('resource').length")
            type_and_wait(driver, box, character)
            times[(text, k)].append(driver.execute_script(
                "return performance.getEntriesByName('typeahead-results-paint').slice(-1)[0].duration"))
            files = driver.execute_script(
                "return performance.getEntriesByType('resource').slice(arguments[0])"
                ".map(e => [e.name.replace(location.origin + '/', ''), e.encodedBodySize])", before)
            loaded[(text, k)].append(len(files))
            if k == len(text) - 1:
                last_files[text] = files
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
driver.quit()

for text in texts:
    print(f"{text!r:14} " + "  ".join(
        f"{text[:k + 1]!r}: {statistics.median(times[(text, k)]):.0f} ms ({max(loaded[(text, k)])} files)"
        for k in range(len(text))))
    if "--files" in sys.argv:
        for name, size in last_files[text]:
            print(f"    {size:7d}  {name}")
