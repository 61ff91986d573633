#!/usr/bin/env python3
"""Benchmark of the search page in headless Chromium (the built sample site, over HTTP).

- Keystroke to rendered suggestion list: the page marks each keystroke and measures when the list
  is rendered (performance marks `typeahead-keystroke` → `typeahead-render`); the first N suggestion
  queries of the sample are typed character by character. Prints p50/p95.
- Bytes loaded before the first suggestion shows: the page is opened fresh, one character is
  typed, and the resource-timing sizes of everything loaded until the list shows are added up
  (raw bytes, and gzipped as a server would send them).
Not yet here: Pagefind measured in the same run (issue 5).
Usage: Benchmarks/search-page.py [--queries N]   (needs Scripts/test's .venv)
"""
import functools
import gzip
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, root)
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

count = int(sys.argv[sys.argv.index("--queries") + 1]) if "--queries" in sys.argv else 150
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True, stdout=subprocess.DEVNULL)
site = os.path.join(tempfile.mkdtemp(prefix="typeahead-page-"), "site")
subprocess.run([os.path.join(root, ".build/release/typeahead"), "build", "--quiet", "--output", site], cwd=root, check=True)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_address[1]}/index.html"

options = webdriver.ChromeOptions()
options.binary_location = "/usr/lib/chromium/chromium"
for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"):
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

# Bytes before the first suggestion.
driver.get(url)
box = driver.find_element(By.ID, "typeahead-input")
box.click()
box.send_keys("i")
end = time.time() + 5
while time.time() < end and not driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox li"):
    time.sleep(0.02)
names = driver.execute_script(
    "return [location.pathname].concat(performance.getEntriesByType('resource').map(e => new URL(e.name).pathname))")
raw = zipped = 0
for name in dict.fromkeys(names):
    path = os.path.join(site, name.lstrip("/"))
    if os.path.isfile(path):
        data = open(path, "rb").read()
        raw += len(data)
        zipped += len(gzip.compress(data, 6))

# Keystroke to render.
queries = [q for q in subprocess.run(
    [sys.executable, "-c", "import json,sys; print('\\n'.join(r['query'] for r in json.load(open(sys.argv[1]))))",
     os.path.join(root, "Content", "query_suggestions.json")], capture_output=True, text=True).stdout.splitlines()]
queries = sorted(queries)[:: max(1, len(queries) // count)][:count]
durations = []
for query in queries:
    box.clear()
    driver.execute_script("performance.clearMeasures('typeahead-render')")
    for character in query:
        box.send_keys(character)
    time.sleep(0.05)
    durations += driver.execute_script(
        "return performance.getEntriesByName('typeahead-render').map(e => e.duration)")
driver.quit()
server.shutdown()
durations.sort()
pick = lambda p: durations[min(len(durations) - 1, int(len(durations) * p))]
print(f"keystroke → rendered suggestions: {len(durations)} keystrokes over {len(queries)} queries,"
      f" p50 {pick(0.5):.2f} ms, p95 {pick(0.95):.2f} ms, max {durations[-1]:.2f} ms")
print(f"loaded before the first suggestion: {len(set(names))} files, {raw} bytes raw, {zipped} bytes gzipped")
