#!/usr/bin/env python3
"""A fuzz pass over what faces the outside: `typeahead serve`'s HTTP API and `typeahead suggest`'s
log readers, bounded in count and time, on loopback only. Deterministic (a seeded generator), so a
crash found is a crash reproduced.

1. serve: N requests (default 3,000) to the sample site's server, each random: methods, paths,
   headers, bodies (mutated valid searches, random JSON, deep nesting, huge numbers, invalid UTF-8,
   params strings, garbage), and raw malformed HTTP on sockets. After each, the server must be
   alive; every 100, a normal query must give the engine's answer. Counts requests, statuses,
   crashes, and the server's peak memory (VmHWM).
2. suggest: M logs (default 50) in each format (CSV, TSV, Algolia's JSON, NDJSON), mutated from
   valid lines (bytes flipped, cut, repeated, huge counts, huge queries, NUL, invalid UTF-8), each
   read by `typeahead suggest --dry-run`: exit 0 or 1 only (a clear error), never a crash. Counts
   logs, exits, and the largest peak memory of a run.
3. The 1 GiB line: a log whose second line is 1 GiB, read by `suggest`: time and peak memory.

Usage: Benchmarks/fuzz.py [--requests N] [--logs M] [--seconds S] [--no-gigabyte]
Prints a Markdown table (docs/BENCHMARKS.md's "Fuzz pass").
"""
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def option(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


REQUESTS = option("--requests", 3000)
LOGS = option("--logs", 50)
SECONDS = option("--seconds", 900.0)
GIGABYTE = "--no-gigabyte" not in sys.argv
random.seed(20261203)
deadline = time.monotonic() + SECONDS

subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=ROOT, check=True,
               stdout=subprocess.DEVNULL)
BINARY = os.path.join(ROOT, ".build", "release", "typeahead")
work = tempfile.mkdtemp(prefix="typeahead-fuzz-")


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


# MARK: - serve

WORDS = ["iphone", "case", "samsung", "galaxy", "a", "é", "\u2028", "<script>", "\"", "%", "&", "+", " ", "",
         "x" * 2000]
PARAMS = ["query", "page", "hitsPerPage", "filters", "queryType", "typoTolerance", "attributesToHighlight",
          "params", "indexName", "type", "strategy", "requests", "bogus"]
VALUES = [0, -1, 1, 20, 1000, 1001, 10 ** 30, 1e308, -1e308, 0.5, True, False, None, "", "1", "prefixLast",
          "prefixNone", "categories:Cell Phones", "brand:\"Apple\"", "x:", ":", [], {}, ["name"], ["*"],
          "query=a&hitsPerPage=5", "%zz", "a" * 5000]


def random_value(depth=0):
    kind = random.random()
    if depth > 3 or kind < 0.4:
        return random.choice(VALUES)
    if kind < 0.6:
        return " ".join(random.choice(WORDS) for _ in range(random.randint(0, 5)))
    if kind < 0.8:
        return [random_value(depth + 1) for _ in range(random.randint(0, 4))]
    return {random.choice(PARAMS): random_value(depth + 1) for _ in range(random.randint(0, 4))}


def random_search():
    search = {random.choice(PARAMS): random_value() for _ in range(random.randint(0, 5))}
    if random.random() < 0.7:
        search["query"] = " ".join(random.choice(WORDS) for _ in range(random.randint(0, 4)))
    if random.random() < 0.5:
        search["hitsPerPage"] = random.choice([1, 20, 100, 1000])
    return search


def random_body():
    kind = random.random()
    if kind < 0.35:
        return json.dumps(random_search()).encode()
    if kind < 0.6:
        searches = [dict(random_search(), indexName=random.choice(["products", "suggestions", "x", "*"]))
                    for _ in range(random.choice([0, 1, 2, 10, 50, 51]))]
        return json.dumps({"requests": searches, random.choice(["strategy", "x"]): "none"}).encode()
    if kind < 0.7:
        return ("[" * random.choice([10, 100, 10000])).encode()
    if kind < 0.8:
        return bytes(random.getrandbits(8) for _ in range(random.randint(0, 300)))
    if kind < 0.9:
        return json.dumps({"params": urllib.parse.urlencode(
            {random.choice(PARAMS): str(random_value()) for _ in range(3)})}).encode()
    return b'{"query":"\xff\xfe","hitsPerPage":5}'


def random_path():
    if random.random() < 0.6:
        return random.choice(["/1/indexes/products/query", "/1/indexes/suggestions/query", "/1/indexes/*/queries"])
    index = random.choice(["products", "suggestions", "*", "x", "", "..", "%2e%2e", "products%00"])
    action = random.choice(["query", "queries", "settings", "x", "", "query/extra"])
    return random.choice([f"/1/indexes/{index}/{action}", "/", "/index.html", "/data/site.js", "/../etc/passwd",
                          "/1/", "/1/indexes", "//1/indexes/products/query", f"/1/indexes/{index}/{action}?a=b"])


def raw_garbage(host, port):
    lines = [b"GET / HTTP/1.1\r\n\r\n", b"\x00\x01\x02\r\n\r\n", b"POST /1/indexes/products/query HTTP/1.1\r\n"
             b"Content-Length: -5\r\n\r\n", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
             b"POST /1/indexes/products/query HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
             b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 2000 + b"\r\n", b"GET / HTTP/9.9\r\n\r\n"]
    try:
        with socket.create_connection((host, port), timeout=3) as connection:
            connection.sendall(random.choice(lines))
            connection.settimeout(3)
            data = connection.recv(64)
            return int(data[9:12]) if data.startswith(b"HTTP/1.") else "closed"
    except OSError:
        return "closed"


def fuzz_serve():
    site = os.path.join(work, "site")
    subprocess.run([BINARY, "build", "--quiet", "--content", os.path.join(ROOT, "Content"), "--templates",
                    os.path.join(ROOT, "Templates"), "--output", site], check=True)
    expected = json.loads(subprocess.run([BINARY, "query", "--content", os.path.join(ROOT, "Content"),
                                          "--hits-per-page", "5", "iphone case"], check=True,
                                         capture_output=True, text=True).stdout)
    server = subprocess.Popen([BINARY, "serve", "--site", site, "--content", os.path.join(ROOT, "Content"),
                               "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = server.stdout.readline().split()[-1]
    parsed = urllib.parse.urlparse(url)
    host, port = parsed.hostname, parsed.port
    import http.client
    statuses, crashes, normal, sent = {}, 0, 0, 0
    for n in range(REQUESTS):
        if time.monotonic() > deadline:
            break
        sent += 1
        if random.random() < 0.05:
            status = raw_garbage(host, port)
        else:
            method = random.choice(["POST"] * 6 + ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"])
            try:
                connection = http.client.HTTPConnection(host, port, timeout=60)
                body = random_body() if method in ("POST", "PUT", "PATCH") else None
                connection.putrequest(method, random_path(), skip_host=random.random() < 0.1,
                                      skip_accept_encoding=True)
                for _ in range(random.randint(0, 3)):
                    connection.putheader(random.choice(["Content-Type", "X-Algolia-API-Key", "Range",
                                                        "If-None-Match", "X-Junk"]),
                                         random.choice(["application/json", "bytes=0-5", "bytes=9-1", "*",
                                                        "x" * 100]))
                if body is not None:
                    connection.putheader("Content-Length", str(len(body)))
                connection.endheaders(body)
                response = connection.getresponse()
                response.read()
                status = response.status
                connection.close()
            except (OSError, http.client.HTTPException) as error:
                status = type(error).__name__
        statuses[status] = statuses.get(status, 0) + 1
        if server.poll() is not None:
            crashes += 1
            print(f"serve crashed (exit {server.returncode}) at request {n}", file=sys.stderr)
            break
        if n % 100 == 0:
            connection = http.client.HTTPConnection(host, port, timeout=60)
            connection.request("POST", "/1/indexes/products/query",
                               body=json.dumps({"query": "iphone case", "hitsPerPage": 5}))
            answer = json.loads(connection.getresponse().read())
            connection.close()
            assert answer["nbHits"] == expected["nbHits"], answer
            assert [h["objectID"] for h in answer["hits"]] == [h["objectID"] for h in expected["hits"]]
            normal += 1
    peak = peak_kib(server.pid) if server.poll() is None else 0
    server.send_signal(2)
    server.communicate(timeout=30)
    return sent, statuses, crashes, normal, peak


# MARK: - suggest

def content_with_log(name, data):
    folder = os.path.join(work, "content-" + name.replace(".", "-"))
    if not os.path.isdir(folder):
        os.makedirs(folder)
        for file in ("products.json", "site.json"):
            shutil.copy(os.path.join(ROOT, "Content", file), folder)
        with open(os.path.join(ROOT, "Content", "suggestions.config.json")) as f:
            config = json.load(f)
        config["sourceIndices"][0]["external"] = [name]
        config["exclude"] = ["^free", "(a+)+$", "\\d{5,}"]
        with open(os.path.join(folder, "suggestions.config.json"), "w") as f:
            json.dump(config, f)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    return folder


VALID = {
    "log.csv": b'query,count\niphone,12\n"iphone, case",3\nsamsung galaxy,7\n',
    "log.tsv": b"count\tquery\n3\tgalaxy s7\n5\tcase\n",
    "top.json": b'{"searches":[{"search":"iphone","count":300,"nbHits":12},{"search":"laptop","count":2}]}',
    "log.ndjson": b'{"query":"iphone","count":1}\n{"query":"tv","count":3}\n',
}
MUTATIONS = [b"9223372036854775807", b"99999999999999999999", b"-1", b"1e400", b"\x00", b"\xff\xfe", b'"',
             b"\r", b"\n", b",", b"\t", b"{", b"}", b"[", (b"word " * 40), (b"a" * 200) + b"b", b"\xef\xbb\xbf"]


def mutate(data):
    data = bytearray(data)
    for _ in range(random.choice([0, 1, 1, 2, 3, 6])):
        kind = random.random()
        position = random.randint(0, len(data))
        if kind < 0.3 and data:
            data[random.randrange(len(data))] = random.getrandbits(8)
        elif kind < 0.6:
            data[position:position] = random.choice(MUTATIONS)
        elif kind < 0.75:
            del data[position:position + random.randint(1, 10)]
        elif kind < 0.9:
            data += data[: random.randint(0, len(data))]
        else:
            data[position:position] = b"x" * random.choice([1024, 70000])
    return bytes(data)


def run_measured(arguments):
    """Runs a command; its exit code, standard error and its own peak memory (KiB)."""
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        return process.returncode, err.read(), usage.ru_maxrss


def fuzz_suggest():
    runs, exits, crashes, peak = 0, {}, 0, 0
    for n in range(LOGS):
        for name, valid in VALID.items():
            if time.monotonic() > deadline:
                return runs, exits, crashes, peak
            folder = content_with_log(name, mutate(valid))
            code, err, rss = run_measured([BINARY, "suggest", "--content", folder, "--dry-run"])
            runs += 1
            exits[code] = exits.get(code, 0) + 1
            if code not in (0, 1) or (code == 1 and b"error:" not in err):
                crashes += 1
                print(f"suggest: exit {code} on {name}: {err[-300:]!r}", file=sys.stderr)
            peak = max(peak, rss)
    return runs, exits, crashes, peak


def gigabyte_line():
    folder = content_with_log("big.csv", b"")
    path = os.path.join(folder, "big.csv")
    with open(path, "wb") as f:
        f.write(b"query,count\niphone,1\n")
        block = b"a" * (1 << 20)
        for _ in range(1024):
            f.write(block)
        f.write(b",1\n")
    started = time.monotonic()
    code, err, peak = run_measured([BINARY, "suggest", "--content", folder, "--dry-run"])
    seconds = time.monotonic() - started
    os.remove(path)
    text = err.decode(errors="replace")
    line = [l for l in text.splitlines() if "big.csv" in l]
    return code, seconds, peak, line[0] if line else text[-200:]


try:
    sent, statuses, serve_crashes, normal, serve_peak = fuzz_serve()
    runs, exits, suggest_crashes, suggest_peak = fuzz_suggest()
    big = gigabyte_line() if GIGABYTE else None
finally:
    shutil.rmtree(work, ignore_errors=True)

print("| pass | tried | outcomes | crashes | peak memory |")
print("|---|---:|---|---:|---:|")
print(f"| `serve` HTTP API | {sent:,} requests | "
      + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0])))
      + f"; a normal query right {normal} times of {normal} | {serve_crashes} | {serve_peak / 1024:.0f} MiB |")
print(f"| `suggest` log readers | {runs:,} logs | "
      + ", ".join(f"exit {k}: {v}" for k, v in sorted(exits.items())) + f" | {suggest_crashes} | "
      f"{suggest_peak / 1024:.0f} MiB (largest run) |")
if big:
    code, seconds, peak, line = big
    print(f"| `suggest`, a 1 GiB log line | 1 | exit {code} in {seconds:.2f} s: `{line.strip()}` | "
          f"{0 if code in (0, 1) else 1} | {peak / 1024:.0f} MiB |")
