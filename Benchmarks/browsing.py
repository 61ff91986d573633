"""What the browser benchmarks share: a quiet static server on loopback, and headless Chromium
that cannot reach the network (Debian's chromium and chromium-driver; as root it needs
--no-sandbox). Imported by the benchmark scripts beside it."""
import functools
import http.server
import threading


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
