#!/usr/bin/env python3
"""Benchmark: product pictures (release build).

1. The sample (no local pictures: every product shows its placeholder): median clean build time.
2. A shop of 1,000 local JPEG photos (made once, deterministically, with the `vips` command of
   Debian's libvips-tools, into /tmp/typeahead-images-1000/): the sample's first 1,000 products
   pointed at them. Median clean build time, its "images" phase, resize throughput, bytes of the
   sources and of the WebP files written; side by side with libvips' own `vipsthumbnail` making the
   same two sizes of the same files (the peer: the library's command-line tool, one process).
3. `typeahead images fetch` of the same 1,000 pictures from a local HTTP server: first fetch, then
   a second one (which must ask the server for nothing).
4. Bytes the search page loads over HTTP (headless Chromium, 1280 x 800) for its first screen of
   results with pictures: pictures and everything else, uncompressed transfer sizes.

Usage: Benchmarks/images.py [--runs N]
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from browsing import Quiet, chromium, serve

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
typeahead = os.path.join(root, ".build", "release", "typeahead")
if not shutil.which("vips"):
    subprocess.run(["apt-get", "install", "-y", "-qq", "libvips-tools"], check=True, stdout=subprocess.DEVNULL)
work = tempfile.mkdtemp(prefix="typeahead-images-bench-")
COUNT = 1000


def make_photos(folder):
    """1,000 distinct photo-like JPEGs (blurred colour noise, 800-1,200 px), the same every time."""
    if os.path.isdir(folder) and len(os.listdir(folder)) == COUNT:
        return
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    bases = []
    for b in range(10):
        bands = []
        for c in range(3):
            noise, blurred = os.path.join(work, f"n{b}{c}.v"), os.path.join(work, f"b{b}{c}.v")
            subprocess.run(["vips", "gaussnoise", noise, "1600", "1400", "--sigma", "90", "--seed", str(b * 3 + c)],
                           check=True)
            subprocess.run(["vips", "gaussblur", noise, blurred, str(4 + b)], check=True)
            bands.append(blurred)
        base = os.path.join(work, f"base{b}.v")
        joined = os.path.join(work, f"j{b}.v")
        subprocess.run(["vips", "bandjoin", " ".join(bands), joined], check=True)
        subprocess.run(["vips", "cast", joined, base, "uchar"], check=True)
        bases.append(base)
    for i in range(COUNT):
        width, height = 800 + (i * 37) % 400, 800 + (i * 53) % 400
        left, top = (i * 7) % (1600 - width), (i * 11) % (1400 - height)
        subprocess.run(["vips", "crop", bases[i % 10], os.path.join(folder, f"photo-{i:04}.jpg[Q=85,strip]"),
                        str(left), str(top), str(width), str(height)], check=True)


def timed_build(content, site):
    shutil.rmtree(site, ignore_errors=True)
    os.sync()
    time.sleep(1)
    start = time.perf_counter()
    result = subprocess.run([typeahead, "build", "--content", content, "--output", site], cwd=root, check=True,
                            stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    phases = [line for line in result.stderr.splitlines() if "phases:" in line][0]
    images = float(phases.split("images ")[1].split(" s")[0])
    return wall, images


def tree_bytes(folder):
    return sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder))


class Counting(Quiet):
    count = 0

    def do_GET(self):
        Counting.count += 1
        super().do_GET()


# 1. The sample, placeholders only.
sample = [timed_build(os.path.join(root, "Content"), os.path.join(work, "sample-site"))[0] for _ in range(runs)]
print(f"sample (3,377 products, placeholders): build median {statistics.median(sample):.2f} s "
      f"(min {min(sample):.2f}, max {max(sample):.2f}; {runs} runs)")

# 2. 1,000 local photos.
photos = "/tmp/typeahead-images-1000"
make_photos(photos)
content = os.path.join(work, "Content")
shutil.copytree(os.path.join(root, "Content"), content)
os.symlink(photos, os.path.join(content, "images"))  # a link to the folder itself is allowed
with open(os.path.join(content, "products.json")) as f:
    products = json.load(f)
# The most popular products get the photos, so the first screens of results show them.
for i, product in enumerate(sorted(products, key=lambda p: (-p.get("popularity", 0), p["objectID"].encode()))[:COUNT]):
    product["image"] = f"photo-{i:04}.jpg"
with open(os.path.join(content, "products.json"), "w") as f:
    json.dump(products, f)
results = [timed_build(content, os.path.join(work, "photo-site")) for _ in range(runs)]
walls, phases = [r[0] for r in results], [r[1] for r in results]
# Rebuilds over the previous site: unchanged pictures are taken from it, not resized again.
rebuilds = []
for _ in range(runs):
    start = time.perf_counter()
    result = subprocess.run([typeahead, "build", "--content", content, "--output", os.path.join(work, "photo-site")],
                            cwd=root, check=True, stderr=subprocess.PIPE, text=True)
    rebuilds.append((time.perf_counter() - start,
                     float([l for l in result.stderr.splitlines() if "phases:" in l][0].split("images ")[1].split(" s")[0]),
                     [l.strip() for l in result.stderr.splitlines() if "pictures:" in l][0]))
source_bytes = tree_bytes(photos)
written = os.path.join(work, "photo-site", "images")
webp_bytes = tree_bytes(written)
peer_out = os.path.join(work, "vipsthumbnail")
peer = []
for _ in range(runs):
    shutil.rmtree(peer_out, ignore_errors=True)
    os.makedirs(peer_out)
    files = sorted(os.path.join(photos, n) for n in os.listdir(photos))
    start = time.perf_counter()
    for size, suffix in ((160, "t"), (600, "l")):
        subprocess.run(["vipsthumbnail", "-s", str(size), "-o", os.path.join(peer_out, "%s-" + suffix + ".webp[Q=80,strip]"),
                        *files], check=True)
    peer.append(time.perf_counter() - start)
m = statistics.median
print(f"1,000 local photos ({source_bytes / 1e6:.1f} MB of JPEG, 800-1,200 px): build median {m(walls):.2f} s, "
      f"images phase median {m(phases):.2f} s = {COUNT / m(phases):.0f} photos/s "
      f"({2 * COUNT / m(phases):.0f} sizes/s) on {os.cpu_count()} cores")
print(f"  written: {len(os.listdir(written))} WebP files, {webp_bytes / 1e6:.2f} MB "
      f"({webp_bytes / source_bytes:.1%} of the sources)")
print(f"  rebuild over the previous site: median {m([r[0] for r in rebuilds]):.2f} s, images phase median "
      f"{m([r[1] for r in rebuilds]):.2f} s ({rebuilds[-1][2]})")
print(f"  vipsthumbnail, same two sizes: median {m(peer):.2f} s; images phase / vipsthumbnail = {m(phases) / m(peer):.2f}")

# 3. Fetching the same photos over HTTP, twice.
server, base = serve(photos, Counting)
remote = os.path.join(work, "Remote")
os.makedirs(remote)
with open(os.path.join(remote, "products.json"), "w") as f:
    json.dump([{"objectID": f"p{i:04}", "name": f"Photo {i}", "image": f"{base}/photo-{i:04}.jpg"}
               for i in range(COUNT)], f)
for label in ("first fetch", "second fetch"):
    Counting.count = 0
    start = time.perf_counter()
    result = subprocess.run([typeahead, "images", "fetch", "--content", remote], stderr=subprocess.PIPE, text=True)
    print(f"{label}: {time.perf_counter() - start:.2f} s, {Counting.count} requests; {result.stderr.splitlines()[0]}")
server.shutdown()

# 4. The first screen of results with pictures.
from selenium.webdriver.common.by import By
server, base = serve(os.path.join(work, "photo-site"))
driver = chromium("--window-size=1280,800")
try:
    for text in ("", "samsung galaxy"):
        driver.get(base + "/index.html")
        if text:
            box = driver.find_element(By.ID, "typeahead-input")
            box.click()
            box.send_keys(text)
            end = time.time() + 20
            while time.time() < end and "result" not in driver.find_element(By.ID, "typeahead-status").text.lower():
                time.sleep(0.05)
        time.sleep(1.5)
        entries = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => [e.name, e.transferSize])"
            ".concat([[location.href, performance.getEntriesByType('navigation')[0].transferSize]])")
        pictures = [size for name, size in entries if "/images/" in name]
        other = sum(size for name, size in entries if "/images/" not in name)
        shown = driver.execute_script("return document.querySelectorAll('#typeahead-results img').length")
        print(f"first screen for {text or '(front page)'!r}: {len(pictures)} pictures, {sum(pictures) / 1024:.1f} KB; "
              f"everything else {other / 1024:.1f} KB ({shown} pictures in the list, the rest lazy)")
finally:
    driver.quit()
    server.shutdown()
shutil.rmtree(work, ignore_errors=True)
