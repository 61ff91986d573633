"""What the browser benchmarks share: a quiet static server on loopback, and headless Chromium
that cannot reach the network (Debian's chromium and chromium-driver; as root it needs
--no-sandbox). Imported by the benchmark scripts beside it."""
import functools
import http.server
import subprocess
import threading
import time

# The page's script parts in the order the build joins them into assets/js/typeahead.js
# (SiteLayout.scriptParts).
SCRIPT_PARTS = ["typeahead-core.js", "typeahead-maps.js", "typeahead-index.js", "typeahead-combobox.js",
                "typeahead-refine.js", "typeahead-panel.js", "typeahead-page.js"]


def page_script(root, rev):
    """The page's one script as the build joins it (AssetsStep), from the parts in REV's
    Templates/assets/js/ (a part REV does not have is left out): to put REV's page into a site
    built now. A page from before 92ae764 fills the cards by their old classes, which a site built
    now does not have (its card templates come from this build): compare with such a REV by
    building REV's own site (search-page.py --whole)."""
    script = b""
    for part in SCRIPT_PARTS:
        shown = subprocess.run(["git", "show", f"{rev}:Templates/assets/js/{part}"], cwd=root, capture_output=True)
        if part == "typeahead-page.js" and b'querySelector(".hit-name")' in shown.stdout:
            raise SystemExit(f"{rev}'s page fills the cards by the classes they had before 92ae764: "
                             "a site built now has other cards; compare by building REV's site (--whole)")
        if shown.returncode == 0:
            script += f"// {part}\n".encode() + shown.stdout + (b"" if shown.stdout.endswith(b"\n") else b"\n")
    return script


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves a folder without a log line per request."""

    def log_message(self, *args):
        pass


def serve(folder, handler=Quiet):
    """Serves `folder` on a free loopback port in a background thread: (server, base URL)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def chromium(*arguments):
    """Headless Chromium through Selenium, every host but loopback unresolvable."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/lib/chromium/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1") + arguments:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


# Calls back once the page has measured more than `seen` results paints (`typeahead-results-paint`,
# the page's own keystroke-to-painted-results measure), or false after `limit` milliseconds. Waited
# for in the page (one script that a performance observer ends), not by asking it every few
# milliseconds, so the wait adds no work to the page's main thread (measured once each way in
# search-page.py: no difference beyond the noise, docs/BENCHMARKS.md).
PAINTED = """
  const [seen, limit, done] = arguments;
  const painted = () => performance.getEntriesByName('typeahead-results-paint').length > seen;
  if (painted()) return done(true);
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    clearTimeout(timer);
    done(true);
  });
  observer.observe({ type: 'measure' });
  const timer = setTimeout(() => { observer.disconnect(); done(false); }, limit);
"""


def fresh_box(driver, address, pause=0.3):
    """Opens `address` on a fresh page (from about:blank), clicks its search box, waits `pause` s: the box."""
    from selenium.webdriver.common.by import By

    driver.get("about:blank")
    driver.get(address)
    box = driver.find_element(By.ID, "typeahead-input")
    box.click()
    time.sleep(pause)
    return box


def type_and_wait(driver, box, character, limit=4000):
    """Types one key into `box` and waits until the page has painted its results (or `limit` ms)."""
    seen = driver.execute_script("return performance.getEntriesByName('typeahead-results-paint').length")
    box.send_keys(character)
    return driver.execute_async_script(PAINTED, seen, limit)
