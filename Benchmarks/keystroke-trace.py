#!/usr/bin/env python3
"""Where one cold keystroke's time goes, on the search page (issue 37, part 7).

For each text, a fresh page is opened (headless Chromium over HTTP), every character but the last
is typed (each once the previous one's results have painted), then the CPU is throttled 4x and the
last character typed. Printed, in milliseconds from that keystroke:
- the page's own measures (`typeahead-render`, `typeahead-results` and their `-paint`);
- every file loaded for it: when it was asked for and when its last byte came;
- with `--profile`, the main thread's CPU profile of that keystroke, summed over the texts by
  function (`(program)` is the browser's own work outside the page's JavaScript: parsing and
  compiling scripts, style, layout, paint). A profile slows the page it samples: take the times
  from a run without it.
The browser's HTTP cache is off (each text's files load as on a first visit) unless `--cache`.

Usage: .venv/bin/python Benchmarks/keystroke-trace.py SITE [--texts "galaxy s,case f"] [--profile] [--cache]
SITE is a built site (`typeahead build --output SITE`). (Scripts/test makes .venv.)
"""
import collections
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browsing import chromium, fresh_box, serve, type_and_wait  # noqa: E402

USAGE = "usage: keystroke-trace.py SITE [--texts T1,T2] [--profile] [--cache]"
site = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else None
if not site or not os.path.exists(os.path.join(site, "data", "site.js")):
    sys.exit(USAGE)
if "--texts" in sys.argv and sys.argv.index("--texts") + 1 >= len(sys.argv):
    sys.exit(USAGE)
texts = (sys.argv[sys.argv.index("--texts") + 1] if "--texts" in sys.argv else "galaxy s,case f,usb c c,case for s").split(",")
texts = [t for t in texts if t.strip()]
if not texts:
    sys.exit(USAGE)
profile = "--profile" in sys.argv

# The keystroke's own time: the page's marks are cleared by its measures, so an input listener
# keeps it (in the capture phase on the document: it runs before the box's own listener).
LISTEN = """
window.__keystrokes = [];
document.addEventListener('input', () => window.__keystrokes.push(performance.now()), true);
performance.clearResourceTimings();
performance.clearMeasures();
"""
READ = """
const k = window.__keystrokes[0];
const files = performance.getEntriesByType('resource').map(e => [e.name.split('/').slice(-3).join('/'), e.startTime - k, e.responseEnd - k, e.transferSize]);
const measures = performance.getEntriesByType('measure').map(e => [e.name, e.startTime - k + e.duration]);
return [files, measures];
"""

server, base = serve(site)
browser = chromium("--window-size=1280,900")
browser.set_script_timeout(10)
if "--cache" not in sys.argv:
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
functions = collections.Counter()
try:
    for text in texts:
        box = fresh_box(browser, base + "/", pause=0.5)
        for character in text[:-1]:
            type_and_wait(browser, box, character)
        time.sleep(0.5)
        browser.execute_script(LISTEN)
        browser.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        if profile:
            browser.execute_cdp_cmd("Profiler.enable", {})
            browser.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 200})
            browser.execute_cdp_cmd("Profiler.start", {})
        if not type_and_wait(browser, box, text[-1]):
            print(f"== {text!r}: no results painted within 4 s; its figures include the wait")
        if profile:
            tree = browser.execute_cdp_cmd("Profiler.stop", {})["profile"]
            nodes = {n["id"]: n["callFrame"] for n in tree["nodes"]}
            for sample, delta in zip(tree["samples"], tree["timeDeltas"][1:] + [0]):
                frame = nodes[sample]
                where = frame["url"].split("/")[-1]
                line = f":{frame['lineNumber'] + 1}" if where else ""
                functions[f"{frame['functionName'] or '(anonymous)'} {where}{line}".strip()] += delta / 1000
        time.sleep(0.3)
        files, measures = browser.execute_script(READ)
        browser.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
        print(f"== {text!r}, the last key, CPU throttled 4x")
        for name, end in sorted(measures, key=lambda m: m[1]):
            print(f"  {end:7.0f}  {name}")
        print(f"  {len(files)} files ({sum(f[3] for f in files):,} bytes over the wire):")
        for name, start, end, _ in sorted(files, key=lambda f: f[1]):
            print(f"  {start:7.0f} → {end:5.0f}  {name}")
    if profile:
        total = sum(v for k, v in functions.items() if not k.startswith("(idle)"))
        print(f"== the main thread's CPU profile, the {len(texts)} keys together: {total:.0f} ms, idle left out")
        for name, ms in [(k, v) for k, v in functions.most_common() if not k.startswith("(idle)")][:30]:
            print(f"  {ms:7.1f} ms {100 * ms / total:5.1f} %  {name}")
finally:
    browser.quit()
    server.shutdown()
