#!/usr/bin/env python3
"""Load test of `typeahead serve` (release build), bounded in count and time, on loopback only.

In one run, on the sample (or CONTENT_DIR):
1. in process: the engine answering every suggestion query and each of its prefixes, with the
   response's JSON written (EngineBenchmark, one thread): what `typeahead query` does per query;
2. through `typeahead serve`: the same texts POSTed to /1/indexes/{products,suggestions}/query by
   8 concurrent clients (processes, one keep-alive connection each), at most --requests requests
   or --seconds seconds: requests/s, p50/p99/max latency, errors;
3. the same load while `serve --watch` rebuilds the site (site.json touched once the load runs):
   the requests answered during the rebuild, their p99, and errors (must be 0);
4. `typeahead check --engine` of the built site against `serve`, and the built-in `check`.

Usage: Benchmarks/serve.py [--content DIR] [--clients 8] [--requests 20000] [--seconds 20]
"""
import argparse
import http.client
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "typeahead")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else 0.0


def client(arguments):  # noqa: the pool pickles it by name
    """One client: its share of the texts, in a loop, on one connection; returns (start, end, ms, ok)."""
    host, port, texts, deadline, count = arguments
    connection = http.client.HTTPConnection(host, port, timeout=30)
    samples = []
    i = 0
    while len(samples) < count and time.time() < deadline:
        index, text = texts[i % len(texts)]
        i += 1
        body = json.dumps({"query": text, "hitsPerPage": 20 if index == "products" else 8}).encode()
        start = time.time()
        try:
            connection.request("POST", f"/1/indexes/{index}/query", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=30)
            ok = False
        end = time.time()
        samples.append((start, end, (end - start) * 1000, ok))
    connection.close()
    return samples


def load(url, texts, clients, requests, seconds):
    parsed = urllib.parse.urlparse(url)
    deadline = time.time() + seconds
    shares = [[texts[j] for j in range(i, len(texts), clients)] for i in range(clients)]
    started = time.time()
    with multiprocessing.Pool(clients) as pool:
        results = pool.map(client, [(parsed.hostname, parsed.port, share, deadline, requests // clients)
                                    for share in shares])
    wall = time.time() - started
    return [sample for samples in results for sample in samples], wall


def summary(samples, wall):
    latencies = [s[2] for s in samples]
    return {"requests": len(samples), "errors": sum(1 for s in samples if not s[3]),
            "rps": len(samples) / wall if wall else 0, "p50_ms": percentile(latencies, 0.5),
            "p99_ms": percentile(latencies, 0.99), "max_ms": max(latencies, default=0)}


def serve(*arguments):
    process = subprocess.Popen([BINARY, "serve", "--port", "0", *arguments], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if not line.startswith("Serving "):
        raise SystemExit("serve did not start: " + line + process.stderr.read())
    return process, line.split()[-1]


def stop(process):
    process.send_signal(2)
    _, err = process.communicate(timeout=120)
    return err


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--content", default=os.path.join(ROOT, "Content"))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--seconds", type=float, default=20)
    options = parser.parse_args()
    content = os.path.abspath(options.content)
    subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "-c", "release", "--product", "EngineBenchmark"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    work = tempfile.mkdtemp(prefix="typeahead-serve-bench-")
    try:
        site = os.path.join(work, "site")
        subprocess.run([BINARY, "build", "--quiet", "--content", content, "--output", site], cwd=ROOT, check=True)

        # 1. In process.
        queries_file = os.path.join(work, "queries.txt")
        engine = json.loads(subprocess.run([os.path.join(ROOT, ".build/release/EngineBenchmark"), content,
                                            queries_file], check=True, capture_output=True, text=True).stdout)
        queries = open(queries_file, encoding="utf-8").read().split("\n")
        texts = [(index, q) for q in queries for index in ("products", "suggestions")]
        inproc = {name: engine[name + "_with_response"] for name in ("products", "suggestions")}
        # Mean in-process time per request of the same mix (half products, half suggestions).
        mean_ms = (1000 / inproc["products"]["qps"] + 1000 / inproc["suggestions"]["qps"]) / 2

        # 2. Through serve.
        process, url = serve("--site", site, "--content", content)
        try:
            samples, wall = load(url, texts, options.clients, options.requests, options.seconds)
        finally:
            stop(process)
        served = summary(samples, wall)

        # 3. While it rebuilds.
        watched_content = os.path.join(work, "content")
        shutil.copytree(content, watched_content)
        watched_site = os.path.join(work, "watched-site")
        process, url = serve("--site", watched_site, "--content", watched_content, "--watch")
        try:
            config_path = os.path.join(watched_content, "site.json")
            config = json.load(open(config_path)) if os.path.exists(config_path) else {}
            config["title"] = "Rebuilt under load"
            touch_at = time.time() + 1
            timer = threading.Timer(1, lambda: json.dump(config, open(config_path, "w")))
            timer.start()
            samples, wall = load(url, texts, options.clients, options.requests, options.seconds)
            timer.join()
        finally:
            err = stop(process)
        rebuilt = [line for line in err.splitlines() if line.startswith("Rebuilt ")]
        rebuild_seconds = float(rebuilt[0].split(" in ")[1].split(" s")[0]) if rebuilt else None
        during = [s for s in samples if rebuild_seconds and touch_at + 0.7 <= s[0] <= touch_at + 0.7 + rebuild_seconds]
        under_rebuild = summary(during, rebuild_seconds or 1)
        under_rebuild["all_errors"] = sum(1 for s in samples if not s[3])

        # 4. check --engine against serve, and the built-in check.
        process, url = serve("--site", site, "--content", content)
        try:
            started = time.time()
            remote = subprocess.run([BINARY, "check", "--engine", url, "--content", content, "--site", site],
                                    cwd=ROOT, capture_output=True, text=True)
            remote_seconds = time.time() - started
        finally:
            stop(process)
        started = time.time()
        builtin = subprocess.run([BINARY, "check", "--content", content, "--site", site], cwd=ROOT,
                                 capture_output=True, text=True)
        builtin_seconds = time.time() - started
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"Content: {content}; {len(queries)} texts × 2 indices; {options.clients} clients, "
          f"at most {options.requests} requests or {options.seconds:.0f} s\n")
    print("| | requests | requests/s | p50 | p99 | max | errors |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in ("products", "suggestions"):
        figures = inproc[name]
        print(f"| in process, {name} (1 thread, with the JSON) | {int(figures['queries'])} | {figures['qps']:.0f} | "
              f"{figures['p50_ms']:.3f} ms | {figures['p99_ms']:.3f} ms | {figures['max_ms']:.1f} ms | 0 |")
    for name, figures in (("through serve", served), ("through serve while it rebuilds", under_rebuild)):
        print(f"| {name} | {figures['requests']} | {figures['rps']:.0f} | {figures['p50_ms']:.2f} ms | "
              f"{figures['p99_ms']:.2f} ms | {figures['max_ms']:.1f} ms | {figures['errors']} |")
    print(f"\nIn process, one thread answers the same mix at {1000 / mean_ms:.0f} requests/s "
          f"({mean_ms:.3f} ms each); serve with {options.clients} clients: {served['rps']:.0f} requests/s "
          f"({served['rps'] / (1000 / mean_ms):.2f}× one in-process thread).")
    print(f"Rebuild under load: {rebuild_seconds} s; errors over the whole run: {under_rebuild['all_errors']}.")
    print(f"\ncheck --engine against serve: {remote_seconds:.1f} s (exit {remote.returncode}); "
          f"built-in check: {builtin_seconds:.1f} s (exit {builtin.returncode})")
    print("  " + "\n  ".join(remote.stdout.strip().splitlines()[:2]))


if __name__ == "__main__":
    main()
