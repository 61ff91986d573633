"""`typeahead images fetch` against a real HTTP server on 127.0.0.1: images that download, and
every way one can fail (404, slow, too large, not an image, SVG, truncated, redirects), then a
second fetch that asks the server nothing, and a build that uses the cache.

Run by Scripts/test (after the debug `typeahead` is built):
    .venv/bin/python -m pytest Tests/HTTP
"""
import gzip
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("TYPEAHEAD_BINARY", os.path.join(ROOT, ".build", "debug", "typeahead"))
FIXTURES = os.path.join(ROOT, "Tests", "ImageTests", "Fixtures")


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


PHONE, CASE, WATCH = fixture("phone.jpg"), fixture("case.png"), fixture("watch.webp")
BOMB = gzip.compress(b"\0" * 20_000_000)


class Images(http.server.BaseHTTPRequestHandler):
    """Each path is one behaviour; every request is counted."""
    requests = []

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", kind="image/jpeg", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        for name, value in headers:
            self.send_header(name, value)
        if not any(name == "Content-Length" for name, _ in headers):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        Images.requests.append(self.path)
        path = self.path
        if path == "/phone.jpg":
            self.send(200, PHONE)
        elif path == "/case.png":
            self.send(200, CASE, "image/png")
        elif path == "/watch.webp":
            self.send(200, WATCH, "application/octet-stream")  # the bytes decide, not the type
        elif path == "/missing.jpg":
            self.send(404, b"<html>not found</html>", "text/html")
        elif path == "/slow.jpg":
            time.sleep(4)
            self.send(200, PHONE)
        elif path == "/large.jpg":
            self.send(200, b"\xff\xd8\xff" + b"\0" * 3_000_000)
        elif path == "/endless.jpg":
            # No Content-Length: the cap must stop it while it arrives.
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.end_headers()
            try:
                self.wfile.write(b"\xff\xd8\xff")
                for _ in range(400):
                    self.wfile.write(b"\0" * 65536)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif path == "/page.jpg":
            self.send(200, b"<!doctype html><html><body>Sorry</body></html>", "text/html")
        elif path == "/logo.svg":
            self.send(200, fixture("logo.svg"), "image/svg+xml")
        elif path == "/truncated.jpg":
            self.send(200, fixture("truncated.jpg"))
        elif path == "/moved.png":
            self.send(302, headers=[("Location", "/case.png")])
        elif path == "/loop.jpg":
            self.send(302, headers=[("Location", "/loop.jpg")])
        elif path == "/to-file.jpg":
            self.send(302, headers=[("Location", "file:///etc/passwd")])
        elif path == "/to-data.jpg":
            self.send(302, headers=[("Location", "data:image/png;base64,iVBORw0KGgo=")])
        elif path == "/to-javascript.jpg":
            self.send(302, headers=[("Location", "javascript:alert(1)")])
        elif path == "/bomb.jpg":
            # 20 MB of zeros, gzipped to about 20 KB: the cap counts the bytes as decoded.
            self.send(200, BOMB, headers=[("Content-Encoding", "gzip")])
        elif path == "/trickle.jpg":
            # A byte a second: the whole download is bounded by --timeout, not each read.
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            try:
                for _ in range(1000):
                    self.wfile.write(b"\xff")
                    self.wfile.flush()
                    time.sleep(0.25)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif path == "/huge.jpg":
            # Announces 2 GiB: refused on its length, before its body.
            self.send(200, b"\xff\xd8\xff", headers=[("Content-Length", str(2 << 30))])
        else:
            self.send(404, b"", "text/plain")


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Images)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


CASES = {
    "ok-jpg": "/phone.jpg", "ok-png": "/case.png", "ok-webp": "/watch.webp", "redirect": "/moved.png",
    "missing": "/missing.jpg", "slow": "/slow.jpg", "large": "/large.jpg", "endless": "/endless.jpg",
    "page": "/page.jpg", "svg": "/logo.svg", "truncated": "/truncated.jpg", "loop": "/loop.jpg",
    "to-file": "/to-file.jpg", "to-data": "/to-data.jpg", "to-javascript": "/to-javascript.jpg",
    "bomb": "/bomb.jpg", "trickle": "/trickle.jpg", "huge": "/huge.jpg",
}


@pytest.fixture()
def content(server):
    folder = tempfile.mkdtemp(prefix="typeahead-fetch-")
    products = [{"objectID": key, "name": f"Product {key}", "brand": "Brand", "image": server + path}
                for key, path in sorted(CASES.items())]
    # Two products share an image: fetched once.
    products.append({"objectID": "ok-jpg-again", "name": "Product again", "image": server + "/phone.jpg"})
    with open(os.path.join(folder, "products.json"), "w") as f:
        json.dump(products, f)
    with open(os.path.join(folder, "query_suggestions.json"), "w") as f:
        json.dump([{"objectID": "product", "query": "product", "popularity": 1}], f)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def fetch(content, *extra):
    return subprocess.run([BINARY, "images", "fetch", "--content", content, "--max-bytes", "1000000",
                           "--timeout", "1.5", *extra], capture_output=True, text=True, timeout=120)


def test_fetch_keeps_images_and_names_every_failure(content, server):
    result = fetch(content)
    assert result.returncode == 1, result.stderr
    err = result.stderr
    assert "18 remote images: 4 fetched" in err and "0 already cached, 14 failed" in err, err
    expected = {
        "missing": "HTTP 404",
        "slow": "timed out",
        "large": "3000003 bytes, more than the limit of 1000000",
        "endless": "more than the limit of 1000000 bytes",
        "page": "not a PNG, JPEG or WebP image (an HTML page)",
        "svg": "not a PNG, JPEG or WebP image (an SVG or XML document)",
        "truncated": "a JPEG file that cannot be decoded",
        "loop": "more than 5 redirects",
        "to-file": "redirected to a file: URL",
        "to-data": "redirected to a data: URL",
        "to-javascript": "redirected to a javascript: URL",
        "bomb": "more than the limit of 1000000 bytes",
        "trickle": "timed out",
        "huge": "2147483648 bytes, more than the limit of 1000000",
    }
    for key, reason in expected.items():
        line = f'- objectID "{key}": {server}{CASES[key]}: {reason}'
        assert line in err, f"{line!r} not in:\n{err}"
    assert "Products whose image failed show the site's placeholder." in err

    cache = os.path.join(content, "image-cache")
    with open(os.path.join(cache, "index.json")) as f:
        text = f.read()
    index = json.loads(text)["images"]
    by_url = dict(index)
    assert sorted(by_url) == sorted(server + CASES[k] for k in ("ok-jpg", "ok-png", "ok-webp", "redirect"))
    assert [u for u, _ in index] == sorted(by_url, key=lambda u: u.encode()), "one URL a line, in byte order"
    assert text.count("\n") == len(index) + 2
    for url, name in index:
        with open(os.path.join(cache, name), "rb") as f:
            data = f.read()
        assert name == hashlib.sha256(data).hexdigest() + "." + name.split(".")[1]
    # The redirect's file is the PNG it led to, stored once.
    assert by_url[server + "/moved.png"] == by_url[server + "/case.png"]
    assert sorted(os.listdir(cache)) == sorted(set(by_url.values()) | {"index.json"})


def test_second_fetch_asks_only_for_what_failed(content, server):
    fetch(content)
    Images.requests.clear()
    again = fetch(content)
    assert "4 already cached" in again.stderr, again.stderr
    asked = set(Images.requests)
    assert not asked & {"/phone.jpg", "/case.png", "/watch.webp", "/moved.png"}, asked
    assert "/missing.jpg" in asked


def test_build_uses_the_cache_and_never_the_network(content, server):
    fetch(content)
    # Inside the content's own folder, which the fixture removes.
    site = os.path.join(content, "site")
    built = subprocess.run([BINARY, "build", "--quiet", "--content", content, "--templates",
                            os.path.join(ROOT, "Templates"), "--output", site], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    Images.requests.clear()
    with open(os.path.join(site, "products", "ok-png.html")) as f:
        page = f.read()
    assert 'class="product-image" src="../images/' in page and 'width="240" height="180"' in page
    with open(os.path.join(site, "products", "missing.html")) as f:
        assert 'class="product-image placeholder tone-' in f.read()
    for name in os.listdir(os.path.join(site, "products")):
        with open(os.path.join(site, "products", name)) as f:
            assert "127.0.0.1" not in f.read(), name
    assert Images.requests == []


def test_bad_options_are_usage_errors(content):
    for extra in (["--timeout", "0"], ["--max-bytes", "x"], ["--jobs", "0"], ["--bogus"]):
        result = fetch(content, *extra)
        assert result.returncode == 2, (extra, result.stderr)
        assert "Usage: typeahead images fetch" in result.stderr
    result = subprocess.run([BINARY, "images"], capture_output=True, text=True)
    assert result.returncode == 2 and "images needs a subcommand: fetch" in result.stderr
