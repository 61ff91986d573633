"""`typeahead serve` under hostile clients, on loopback only: every case bounded in bytes, time and
memory, and a normal query answered correctly during and after each (the red team's cases 1-3).

Run by Scripts/test (after the debug `typeahead` is built):
    .venv/bin/python -m pytest Tests/HTTP
"""
import json
import os
import shutil
import socket
import tempfile
import threading
import time

import pytest

from test_serve import SAMPLE, Served, build, query, timeless

# What one normal query answers, asked of the engine directly.
EXPECTED = None


def peak_memory_kib(pid):
    """The process's peak resident memory (VmHWM), in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


def normal_query(server):
    response, body = server.get("/1/indexes/products/query", method="POST",
                                body=json.dumps({"query": "iphone case", "hitsPerPage": 5}).encode(),
                                headers={"Content-Type": "application/json"})
    assert response.status == 200, body
    return timeless(json.loads(body))


@pytest.fixture(scope="module")
def site():
    folder = tempfile.mkdtemp(prefix="typeahead-hardening-")
    yield build(SAMPLE, folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def server(site):
    served = Served("--site", site, "--content", SAMPLE)
    global EXPECTED
    if EXPECTED is None:
        EXPECTED = query("--hits-per-page", "5", "iphone case")
        EXPECTED.pop("index", None)
    yield served
    code, err = served.stop()
    assert code == 0, err


def assert_normal(server):
    answer = normal_query(server)
    answer.pop("index", None)
    assert answer["nbHits"] == EXPECTED["nbHits"]
    assert [hit["objectID"] for hit in answer["hits"]] == [hit["objectID"] for hit in EXPECTED["hits"]]


def test_a_thousand_searches_of_a_thousand_hits_are_refused_and_memory_stays_bounded(server):
    """Case 1: 1,000 searches of hitsPerPage 1000 in one request cost 9.3 GB. Now: more than 50
    searches is Algolia's own 400; 50 of a thousand hits pass the answer's byte bound and are a 400
    too, built a search at a time; the server's peak stays under 512 MB and it answers on."""
    searches = [{"indexName": "products", "query": "a", "hitsPerPage": 1000} for _ in range(1000)]
    response, body = server.get("/1/indexes/*/queries", method="POST",
                                body=json.dumps({"requests": searches}).encode())
    assert response.status == 400
    assert json.loads(body) == {"message": "Too many queries in multi query request", "status": 400}
    started = time.monotonic()
    response, body = server.get("/1/indexes/*/queries", method="POST",
                                body=json.dumps({"requests": searches[:50]}).encode(), timeout=300)
    assert response.status == 400, body[:200]
    message = json.loads(body)["message"]
    assert message.startswith("Response too large: over 33554432 bytes in one answer"), message
    assert time.monotonic() - started < 300
    # Several at once: each is refused or answered, none crashes the server.
    statuses = []

    def heavy():
        try:
            answer, _ = server.get("/1/indexes/*/queries", method="POST",
                                   body=json.dumps({"requests": searches[:12]}).encode(), timeout=300)
            statuses.append(answer.status)
        except Exception as error:  # reported below, not lost in the thread
            statuses.append(repr(error))

    threads = [threading.Thread(target=heavy) for _ in range(4)]
    for thread in threads:
        thread.start()
    assert_normal(server)
    for thread in threads:
        thread.join(timeout=120)
    assert len(statuses) == 4 and set(statuses) <= {200, 503}, statuses
    assert peak_memory_kib(server.process.pid) < 512 * 1024
    assert_normal(server)


def test_three_hundred_clients_trickling_headers_block_nobody_and_are_closed_at_the_deadline(server):
    """Case 2: 300 clients sending one header byte a second held every connection. Now the
    connection limit leaves room, a normal query is answered while they trickle, and each trickler
    is closed once its headers' deadline (10 s) has passed."""
    sockets = []
    for _ in range(300):
        connection = socket.create_connection((server.host, server.port), timeout=5)
        connection.sendall(b"P")
        sockets.append(connection)
    header = b"OST /1/indexes/products/query HTTP/1.1\r\nHost: x\r\n"
    closed = [False] * len(sockets)
    started = time.monotonic()
    sent = 0
    while time.monotonic() - started < 13 and not all(closed):
        for i, connection in enumerate(sockets):
            if closed[i]:
                continue
            try:
                connection.sendall(header[sent % len(header):sent % len(header) + 1])
            except OSError:
                closed[i] = True
        sent += 1
        if sent in (3, 6):
            assert_normal(server)  # during the attack
        time.sleep(1)
    # A socket the server shut down reads as closed (or reset).
    for i, connection in enumerate(sockets):
        if not closed[i]:
            connection.settimeout(2)
            try:
                closed[i] = connection.recv(1) == b""
            except OSError:
                closed[i] = True
        connection.close()
    elapsed = time.monotonic() - started
    assert all(closed), f"{closed.count(False)} tricklers still open after {elapsed:.1f} s"
    assert elapsed < 14
    assert_normal(server)


def test_a_chunked_body_over_the_cap_is_cut_off_as_it_passes_it(server):
    """Case 3: a chunked body over 1 MiB was read to its end before the 413. Now the connection is
    closed once the body passes the cap, however much more the client sends."""
    with socket.create_connection((server.host, server.port), timeout=10) as connection:
        connection.sendall(b"POST /1/indexes/products/query HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                           b"Content-Type: application/json\r\n\r\n")
        chunk = b"a" * 65536
        sent = 0
        started = time.monotonic()
        cut = False
        connection.settimeout(0.05)
        while time.monotonic() - started < 20 and sent < 64 << 20:
            try:
                connection.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                sent += len(chunk)
                if connection.recv(4096) in (b"",):
                    cut = True
                    break
            except socket.timeout:
                continue
            except OSError:
                cut = True
                break
        assert cut, f"still reading after {sent} bytes"
        assert sent < 4 << 20, f"{sent} bytes were sent before the cut"
    assert_normal(server)


def test_a_body_that_trickles_is_closed_at_its_deadline(server):
    """A body sent a byte a second (a Content-Length of 100) is closed 30 s after its headers,
    whatever it still sends; the server answers others meanwhile."""
    with socket.create_connection((server.host, server.port), timeout=5) as connection:
        connection.sendall(b"POST /1/indexes/products/query HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
                           b"Content-Type: application/json\r\n\r\n")
        started = time.monotonic()
        closed = False
        while time.monotonic() - started < 40:
            try:
                connection.sendall(b" ")
                connection.settimeout(1)
                if connection.recv(1) == b"":
                    closed = True
                    break
            except socket.timeout:
                pass
            except OSError:
                closed = True
                break
        elapsed = time.monotonic() - started
        assert closed and 29 < elapsed < 33, elapsed
    assert_normal(server)
