"""`typeahead serve` driven as a shop would: Algolia's official Python client (PyPI `algoliasearch`
4.x) pointed at it, a plain HTTP client for the site's files, `typeahead check --engine` against it
(agreeing, and against an engine configured otherwise), `--watch` rebuilding, and Ctrl-C.

Run by Scripts/test (after the debug `typeahead` is built):
    .venv/bin/python -m pytest Tests/HTTP
"""
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse

import pytest
from algoliasearch.http.exceptions import RequestException
from algoliasearch.http.hosts import Host, HostsCollection
from algoliasearch.search.client import SearchClientSync
from algoliasearch.search.config import SearchConfig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("TYPEAHEAD_BINARY", os.path.join(ROOT, ".build", "debug", "typeahead"))
SAMPLE = os.path.join(ROOT, "Content")
SMALL = os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "small", "Content")


def build(content, folder):
    site = os.path.join(folder, "site")
    subprocess.run([BINARY, "build", "--quiet", "--content", content, "--templates", os.path.join(ROOT, "Templates"),
                    "--output", site], check=True, cwd=ROOT)
    return site


class Served:
    """A `typeahead serve` process on a free port of loopback; `stop()` sends Ctrl-C."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen([BINARY, "serve", "--port", "0", *arguments], cwd=ROOT,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        assert line.startswith("Serving "), line + self.process.stderr.read()
        self.url = line.split()[-1]
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port = parsed.hostname, parsed.port

    def get(self, path, headers=None, method="GET", body=None, timeout=10):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        connection.putrequest(method, path, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response, data

    def client(self):
        config = SearchConfig("typeahead", "the-key")
        config.hosts = HostsCollection([Host(url=self.host, port=self.port, scheme="http")])
        return SearchClientSync.create_with_config(config)

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=30)
        return self.process.returncode, err


@pytest.fixture(scope="module")
def sample_site():
    folder = tempfile.mkdtemp(prefix="typeahead-serve-")
    yield build(SAMPLE, folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def served(sample_site):
    server = Served("--site", sample_site, "--content", SAMPLE)
    yield server
    code, err = server.stop()
    assert code == 0, err
    assert "Stopped after" in err


def query(*arguments, content=SAMPLE):
    out = subprocess.run([BINARY, "query", "--content", content, *arguments], check=True, capture_output=True,
                         text=True, cwd=ROOT).stdout
    return timeless(json.loads(out))


def timeless(response):
    response = dict(response)
    response.pop("processingTimeMS", None)
    return response


def test_it_listens_on_loopback_by_default_and_prints_its_url(served):
    assert served.url.startswith("http://127.0.0.1:")
    response, body = served.get("/")
    assert response.status == 200
    assert b"<html" in body


# MARK: - Algolia's client


def test_the_official_client_searches_both_indices_as_typeahead_query_answers(served):
    client = served.client()
    found = client.search_single_index("products", {"query": "iphone case", "hitsPerPage": 5})
    expected = query("--hits-per-page", "5", "iphone case")
    assert [hit.object_id for hit in found.hits] == [hit["objectID"] for hit in expected["hits"]]
    assert (found.nb_hits, found.nb_pages, found.page, found.hits_per_page) == (
        expected["nbHits"], expected["nbPages"], 0, 5)
    # The whole response, byte for byte as JSON values, timing aside.
    raw = client.search_single_index_with_http_info("products", {"query": "iphone case", "hitsPerPage": 5})
    assert timeless(json.loads(raw.raw_data)) == expected

    suggestions = client.search_single_index("suggestions", {"query": "ip", "typoTolerance": False})
    expected = query("--index", "suggestions", "--typo-tolerance", "false", "ip")
    assert [hit.object_id for hit in suggestions.hits] == [hit["objectID"] for hit in expected["hits"]]
    assert suggestions.nb_hits == expected["nbHits"] > 0


def test_several_queries_with_a_filter_and_a_page_past_the_end(served):
    found = served.client().search({"requests": [
        {"indexName": "products", "query": "galaxy", "filters": 'categories:"Cell Phone Accessories"', "hitsPerPage": 3},
        {"indexName": "suggestions", "query": "sam", "params": "hitsPerPage=4&queryType=prefixLast"},
        {"indexName": "products", "query": "galaxy", "page": 500},
    ]})
    results = [result.actual_instance for result in found.results]
    filtered = query("--filter", "categories:Cell Phone Accessories", "--hits-per-page", "3", "galaxy")
    assert [hit.object_id for hit in results[0].hits] == [hit["objectID"] for hit in filtered["hits"]]
    assert results[0].nb_hits == filtered["nbHits"] < query("galaxy")["nbHits"]
    assert results[0].index == "products" and results[1].index == "suggestions"
    assert [hit.object_id for hit in results[1].hits] == [
        hit["objectID"] for hit in query("--index", "suggestions", "--hits-per-page", "4", "sam")["hits"]]
    assert results[2].hits == [] and results[2].page == 500 and results[2].nb_hits == query("galaxy")["nbHits"]


def test_a_bad_parameter_is_a_400_in_algolias_shape(served):
    client = served.client()
    with pytest.raises(RequestException) as raised:
        client.search_single_index("products", {"query": "ip", "getRankingInfo": True})
    assert raised.value.status_code == 400
    assert "Unknown parameter: getRankingInfo" in raised.value.message
    with pytest.raises(RequestException) as raised:
        client.search_single_index("products", {"query": "ip", "filters": "(brand:Apple AND price<5) OR brand:Sony"})
    assert raised.value.status_code == 400
    assert raised.value.message == ('filters: an AND inside an OR is not supported (filters are ANDs of ORs) in '
                                    '"(brand:Apple AND price<5) OR brand:Sony"')
    with pytest.raises(RequestException) as raised:
        client.search_single_index("orders", {"query": "ip"})
    assert raised.value.status_code == 404
    response, body = served.get("/1/indexes/products/query", method="POST", body=b'{"hitsPerPage": 5000}')
    assert response.status == 400
    assert json.loads(body) == {"message": "hitsPerPage: expected a whole number from 0 to 1000, found 5000",
                                "status": 400}
    assert response.getheader("Content-Type") == "application/json; charset=utf-8"


def test_settings_through_the_client(served):
    settings = served.client().get_settings("products")
    assert settings.searchable_attributes == ["name", "brand", "categories", "description"]
    assert settings.custom_ranking == ["desc(popularity)"]
    assert settings.pagination_limited_to == 1000


def test_a_body_over_the_cap_is_refused_with_413_before_it_is_sent(served):
    with socket.create_connection((served.host, served.port), timeout=10) as connection:
        connection.sendall(b"POST /1/indexes/products/query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 2000000\r\n\r\n")
        answer = b""
        while b"}" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413")
    assert json.loads(body) == {"message": "The body is larger than 1048576 bytes", "status": 413}


# MARK: - The site's files


def test_files_have_their_type_an_etag_and_ranges(served, sample_site):
    response, body = served.get("/data/site.js")
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/javascript; charset=utf-8"
    with open(os.path.join(sample_site, "data", "site.js"), "rb") as f:
        assert body == f.read()
    tag = response.getheader("ETag")
    response, body = served.get("/data/site.js", {"If-None-Match": tag})
    assert response.status == 304 and body == b""
    response, part = served.get("/data/site.js", {"Range": "bytes=10-19"})
    assert response.status == 206 and part == body_of(sample_site, "data/site.js")[10:20]
    assert response.getheader("Content-Range") == "bytes 10-19/%d" % len(body_of(sample_site, "data/site.js"))
    response, _ = served.get("/data/site.js", {"Range": "bytes=99999999-"})
    assert response.status == 416
    response, body = served.get("/data/site.js", method="HEAD")
    assert response.status == 200 and body == b""
    assert int(response.getheader("Content-Length")) == len(body_of(sample_site, "data/site.js"))
    response, body = served.get("/assets/favicon.svg")
    assert response.status == 200 and response.getheader("Content-Type") == "image/svg+xml"
    assert body == body_of(sample_site, "assets/favicon.svg")


def body_of(site, path):
    with open(os.path.join(site, path), "rb") as f:
        return f.read()


def test_a_folder_is_its_index_never_a_listing_and_nothing_outside_is_served(served, sample_site):
    response, _ = served.get("/report")
    assert response.status == 301 and response.getheader("Location") == "/report/"
    response, body = served.get("/report/")
    assert response.status == 200 and body == body_of(sample_site, "report/index.html")
    for path in ["/data/", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/data/%2e%2e/%2e%2e/x",
                 "/.typeahead-site", "/no-such-page.html"]:
        response, body = served.get(path)
        assert response.status == 404, path
        assert b"Back to the search" in body and b"root:" not in body
    response, _ = served.get("/index.html", method="DELETE")
    assert response.status == 405


# MARK: - check --engine


@pytest.fixture(scope="module")
def small_site():
    folder = tempfile.mkdtemp(prefix="typeahead-serve-small-")
    yield build(SMALL, folder)
    shutil.rmtree(folder, ignore_errors=True)


def check_engine(site, url, *arguments, env=None):
    return subprocess.run([BINARY, "check", "--engine", url, "--content", SMALL, "--site", site, *arguments],
                          capture_output=True, text=True, cwd=ROOT, env=env)


def test_check_engine_agrees_fully_with_serve_and_never_prints_the_key(small_site):
    # The shop's own index names, as its Algolia app has them: aliases on both sides.
    server = Served("--site", small_site, "--content", SMALL, "--products-index", "shop_products",
                    "--suggestions-index", "shop_products_query_suggestions")
    try:
        env = dict(os.environ, SHOP_ALGOLIA_KEY="k3y-that-must-stay-secret")
        run = check_engine(small_site, server.url, "--app-id", "SHOP", "--api-key-env", "SHOP_ALGOLIA_KEY",
                           "--products-index", "shop_products", "--suggestions-index",
                           "shop_products_query_suggestions", env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "Agreement: 100 %" in run.stdout
        assert "prefix-map keys:" in run.stdout and "result pages:" in run.stdout
        assert "k3y-that-must-stay-secret" not in run.stdout + run.stderr
        missing = check_engine(small_site, server.url, "--api-key-env", "NO_SUCH_VARIABLE_SET")
        assert missing.returncode == 2 and "NO_SUCH_VARIABLE_SET, which is not set" in missing.stderr
    finally:
        assert server.stop()[0] == 0


def test_check_engine_reports_where_an_engine_configured_otherwise_differs(small_site, tmp_path):
    other = tmp_path / "other"
    shutil.copytree(SMALL, other)
    config = json.loads((other / "site.json").read_text())
    config["searchableAttributes"] = ["name"]
    (other / "site.json").write_text(json.dumps(config))
    server = Served("--site", small_site, "--content", str(other))
    try:
        run = check_engine(small_site, server.url)
        assert run.returncode == 1, run.stdout + run.stderr
        agreement = float(run.stdout.split("Agreement: ")[1].split(" %")[0])
        assert 0 < agreement < 100
        assert "differ" in run.stdout and "from hit" in run.stdout
        lenient = check_engine(small_site, server.url, "--min-agreement", str(int(agreement)))
        assert lenient.returncode == 0
    finally:
        server.stop()


def test_check_engine_says_when_the_engine_is_not_there(small_site):
    run = check_engine(small_site, "http://127.0.0.1:9/")
    assert run.returncode == 1
    assert "Stopped: " in run.stdout and "tries" in run.stdout


# MARK: - --watch


def test_watch_rebuilds_the_site_and_reloads_the_engine_and_keeps_the_last_good_one(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    site = tmp_path / "site"
    server = Served("--site", str(site), "--content", str(content), "--templates", os.path.join(ROOT, "Templates"),
                    "--watch")
    try:
        _, page = server.get("/")
        config = json.loads((content / "site.json").read_text())
        assert config.get("title", "Typeahead").encode() in page
        config["title"] = "Watched & rebuilt"
        config["customRanking"] = ["asc(price)"]
        (content / "site.json").write_text(json.dumps(config))
        deadline = time.time() + 90
        while b"Watched &amp; rebuilt" not in server.get("/")[1]:
            assert time.time() < deadline, "the site was not rebuilt"
            time.sleep(0.3)
        found = server.client().search_single_index("products", {"query": ""})
        assert [hit.object_id for hit in found.hits] == [
            hit["objectID"] for hit in query("", content=str(content))["hits"]]
        # A broken content: the error is printed, the last good site and engine stay.
        (content / "products.json").write_text("[{")
        time.sleep(3)
        assert b"Watched &amp; rebuilt" in server.get("/")[1]
        assert server.client().search_single_index("products", {"query": ""}).nb_hits == found.nb_hits
    finally:
        code, err = server.stop()
    assert code == 0, err
    assert "Rebuilt " in err and "The last good site is still served." in err and "products.json" in err


def test_serve_refuses_a_folder_typeahead_did_not_build(tmp_path):
    (tmp_path / "notes.txt").write_text("private")
    run = subprocess.run([BINARY, "serve", "--site", str(tmp_path), "--content", SMALL, "--port", "0"],
                         capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert run.returncode == 1
    assert "is not a site built by typeahead" in run.stderr and run.stdout == ""
    run = subprocess.run([BINARY, "serve", "--port", "70000"], capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert run.returncode == 2 and "--port expects a whole number from 0 to 65535" in run.stderr


# MARK: - The shop's language (contract version 3)


def test_language_parameters_are_typeahead_querys_and_a_bad_one_is_a_400(served):
    client = served.client()
    # site.json's removeWordsIfNoResults (lastWords): `cheap laptop` drops `cheap`, and says so.
    raw = client.search_single_index_with_http_info("products", {"query": "cheap laptop", "hitsPerPage": 5})
    found = timeless(json.loads(raw.raw_data))
    assert found == query("--hits-per-page", "5", "cheap laptop")
    assert found["queryAfterRemoval"] == "<em>cheap</em> laptop" and found["nbHits"] > 0
    # The same parameters in JSON and in `params`, each as `typeahead query`'s option.
    for parameters, options in [
        ({"removeWordsIfNoResults": "none"}, ["--remove-words-if-no-results", "none"]),
        ({"params": "removeWordsIfNoResults=allOptional&optionalWords=laptop"},
         ["--remove-words-if-no-results", "allOptional", "--optional-words", "laptop"]),
        ({"ignorePlurals": False}, ["--ignore-plurals", "false"]),
        ({"alternativesAsExact": ["multiWordsSynonym"], "queryLanguages": ["en"]},
         ["--alternatives-as-exact", "multiWordsSynonym", "--query-languages", "en"]),
    ]:
        raw = client.search_single_index_with_http_info("products", {"query": "cheap laptops", "hitsPerPage": 5,
                                                                     **parameters})
        got = timeless(json.loads(raw.raw_data))
        want = query("--hits-per-page", "5", *options, "cheap laptops")
        assert [h["objectID"] for h in got["hits"]] == [h["objectID"] for h in want["hits"]], parameters
        assert got["nbHits"] == want["nbHits"] and got.get("queryAfterRemoval") == want.get("queryAfterRemoval")
    assert query("--remove-words-if-no-results", "none", "cheap laptop")["nbHits"] == 0
    with pytest.raises(RequestException) as raised:
        client.search_single_index("products", {"query": "ip", "removeWordsIfNoResults": "most"})
    assert raised.value.status_code == 400 and "removeWordsIfNoResults: expected one of" in raised.value.message
    with pytest.raises(RequestException) as raised:
        client.search_single_index("products", {"query": "ip", "ignorePlurals": ["fr"]})
    assert raised.value.status_code == 400 and 'no plural table for language "fr"' in raised.value.message
    response, body = served.get("/1/indexes/products/settings")
    settings = json.loads(body)
    assert response.status == 200 and settings["ignorePlurals"] == ["en"]
    assert settings["removeWordsIfNoResults"] == "lastWords" and settings["ranking"][:2] == ["typo", "words"]


# MARK: - Descriptions in HTML


HTML = os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "html", "Content")


def test_an_html_catalogues_hits_carry_the_descriptions_text_and_highlight_it(tmp_path):
    """`serve` answers as `typeahead query` does: a hit's description is the text search sees (no
    tag, entities decoded, blocks on their own lines), and its highlight is made on that text."""
    site = build(HTML, str(tmp_path))
    server = Served("--site", site, "--content", HTML)
    try:
        found = json.loads(server.client().search_single_index_with_http_info(
            "products", {"query": "composition"}).raw_data)
        assert timeless(found) == query("composition", content=HTML)
        hit = found["hits"][0]
        assert hit["description"] == "Composition\nBlue cotton jersey\nFit: comfort"
        assert hit["_highlightResult"]["description"]["value"] == (
            "<em>Composition</em>\nBlue cotton jersey\nFit: comfort")
        assert found["nbHits"] == 1
        # Words only the markup holds are not words: no product has them.
        for markup in ("strong", "xlink", "formaction"):
            assert server.client().search_single_index("products", {"query": markup}).nb_hits == 0, markup
    finally:
        assert server.stop()[0] == 0


# MARK: - Refining and sorting (docs/CONTRACT.md)


def test_facets_and_every_filter_form_through_the_client_equal_typeahead_query(served):
    client = served.client()
    cases = [
        ({"facets": ["brand", "price"], "maxValuesPerFacet": 5},
         ["--facets", "brand,price", "--max-values-per-facet", "5"]),
        ({"facets": ["*"], "filters": "brand:Apple AND price < 300"},
         ["--facets", "*", "--filters", "brand:Apple AND price < 300"]),
        ({"facetFilters": [["brand:Apple", "brand:Samsung"], "-free_shipping:true"], "facets": ["brand"]},
         ["--facet-filters", '[["brand:Apple","brand:Samsung"],"-free_shipping:true"]', "--facets", "brand"]),
        ({"numericFilters": ["price:10 TO 100", "price!=19.99"], "facets": ["hierarchicalCategories.lvl0"]},
         ["--numeric-filters", '["price:10 TO 100","price!=19.99"]', "--facets", "hierarchicalCategories.lvl0"]),
    ]
    for parameters, arguments in cases:
        raw = client.search_single_index_with_http_info("products", {"query": "iphone", **parameters})
        answer = timeless(json.loads(raw.raw_data))
        expected = query(*arguments, "iphone")
        assert answer["nbHits"] == expected["nbHits"] and answer["facets"] == expected["facets"]
        assert answer.get("facets_stats") == expected.get("facets_stats")
        assert [h["objectID"] for h in answer["hits"]] == [h["objectID"] for h in expected["hits"]]
    # The typed response: counts as Algolia's client reads them.
    found = client.search_single_index("products", {"query": "iphone", "facets": ["brand", "price"],
                                                    "filters": "brand:Apple"})
    assert found.facets["brand"] == {"Apple": found.nb_hits}
    assert found.facets_stats["price"].min <= found.facets_stats["price"].max
    assert found.exhaustive_facets_count is True


def test_a_shoppers_path_with_disjunctive_counts_in_one_multi_query(served):
    """iphone, then Apple, then under $300, then sorted by price: each step as InstantSearch asks it."""
    client = served.client()
    steps = client.search({"requests": [
        {"indexName": "products", "query": "iphone", "facets": ["brand"]},
        {"indexName": "products", "query": "iphone", "facets": ["*"], "facetFilters": [["brand:Apple"]]},
        # The brand list's own counts leave the brand refinement out (disjunctive faceting).
        {"indexName": "products", "query": "iphone", "facets": ["brand"], "numericFilters": ["price<300"]},
        {"indexName": "instant_search_price_asc", "query": "iphone", "facetFilters": [["brand:Apple"]],
         "numericFilters": ["price<300"], "hitsPerPage": 5},
    ]})
    first, apple, brands, sorted_ = [result.actual_instance for result in steps.results]
    assert first.facets["brand"]["Apple"] == apple.nb_hits
    assert brands.facets["brand"]["Apple"] == query("--filters", "brand:Apple AND price < 300", "iphone")["nbHits"]
    assert sorted_.nb_hits == brands.facets["brand"]["Apple"]
    assert sorted_.index == "instant_search_price_asc"
    prices = [hit.to_dict()["price"] for hit in sorted_.hits]
    assert prices == sorted(prices) and all(price < 300 for price in prices)
    expected = query("--index", "instant_search_price_asc", "--facet-filters", '[["brand:Apple"]]',
                     "--numeric-filters", '["price<300"]', "--hits-per-page", "5", "iphone")
    assert [hit.object_id for hit in sorted_.hits] == [hit["objectID"] for hit in expected["hits"]]


def test_replicas_are_listed_in_the_settings_and_answer_by_name(served):
    client = served.client()
    assert client.get_settings("products").replicas == ["instant_search_price_asc", "instant_search_price_desc"]
    ranking = client.get_settings("instant_search_price_desc").ranking
    assert ranking[0] == "desc(price)" and ranking[1:] == ["typo", "geo", "words", "filters", "proximity",
                                                           "attribute", "exact", "custom"]
    found = client.search_single_index("instant_search_price_desc", {"query": "galaxy", "hitsPerPage": 10})
    expected = query("--index", "instant_search_price_desc", "--hits-per-page", "10", "galaxy")
    assert [hit.object_id for hit in found.hits] == [hit["objectID"] for hit in expected["hits"]]


def test_search_for_facet_values(served):
    client = served.client()
    found = client.search_for_facet_values("products", "brand", {"facetQuery": "ott", "params": "query=case"})
    assert [(hit.value, hit.highlighted) for hit in found.facet_hits] == [
        ("OtterBox", "<em>Ott</em>erBox"), ("Otterbox", "<em>Ott</em>erbox")]
    counts = query("--facets", "brand", "--max-values-per-facet", "1000", "case")["facets"]["brand"]
    assert [hit.count for hit in found.facet_hits] == [counts["OtterBox"], counts["Otterbox"]]
    with pytest.raises(RequestException) as raised:
        client.search_for_facet_values("products", "price", {"facetQuery": "1"})
    assert raised.value.status_code == 400 and "searchable(price)" in raised.value.message


def test_refining_mistakes_are_400s_naming_them(served):
    for body, message in [
        ({"filters": "brand:Apple AND (price < 300"}, 'filters: a "(" is not closed in "brand:Apple AND (price < 300"'),
        ({"numericFilters": ["brand:Apple"]}, "numericFilters: expected"),
        ({"facetFilters": [3]}, "facetFilters: expected strings or arrays of strings, found a number"),
        ({"maxValuesPerFacet": 5000}, "maxValuesPerFacet: expected a whole number from 1 to 1000, found 5000"),
    ]:
        response, data = served.get("/1/indexes/products/query", method="POST", body=json.dumps(body).encode())
        assert response.status == 400, data
        assert message in json.loads(data)["message"], data
    response, data = served.get("/1/indexes/suggestions/query", method="POST", body=b'{"facets": ["brand"]}')
    assert response.status == 400 and b"suggestions index has no facets" in data


def test_instantsearchs_own_requests_are_answered_unchanged(served):
    """The requests InstantSearch.js sends for an e-commerce page (a brand ticked), as its helper
    writes them: the main search with its highlight tags, and the brand list's disjunctive counts
    with hitsPerPage 0, nothing retrieved or highlighted, analytics off and an empty tagFilters."""
    main = ("facetFilters=%5B%5B%22brand%3AApple%22%5D%5D&facets=%5B%22brand%22%2C%22price%22%5D"
            "&highlightPostTag=__%2Fais-highlight__&highlightPreTag=__ais-highlight__&maxValuesPerFacet=10"
            "&page=0&query=iphone&tagFilters=")
    counts = ("analytics=false&attributesToHighlight=%5B%5D&attributesToRetrieve=%5B%5D&attributesToSnippet=%5B%5D"
              "&clickAnalytics=false&facets=brand&hitsPerPage=0&maxValuesPerFacet=10&page=0&query=iphone&tagFilters=")
    body = json.dumps({"requests": [{"indexName": "products", "params": main},
                                    {"indexName": "products", "params": counts}]}).encode()
    response, data = served.get("/1/indexes/*/queries", method="POST", body=body)
    assert response.status == 200, data
    first, second = json.loads(data)["results"]
    expected = query("--facet-filters", '[["brand:Apple"]]', "--facets", "brand,price", "--max-values-per-facet", "10",
                     "iphone")
    assert [hit["objectID"] for hit in first["hits"]] == [hit["objectID"] for hit in expected["hits"]]
    assert first["facets"] == expected["facets"] and first["nbHits"] == expected["nbHits"]
    # The highlight tags are InstantSearch's, around the record's own text (it escapes it itself).
    name = first["hits"][0]["_highlightResult"]["name"]["value"]
    assert "__ais-highlight__" in name and "__/ais-highlight__" in name and "<em>" not in name
    plain = name.replace("__ais-highlight__", "").replace("__/ais-highlight__", "")
    assert plain == first["hits"][0]["name"]
    # Counts only: no hit, no page, the brand counts of every iphone hit (disjunctive).
    assert second["hits"] == [] and second["nbPages"] == 0 and second["hitsPerPage"] == 0
    assert second["nbHits"] == query("iphone")["nbHits"]
    assert second["facets"]["brand"] == query("--facets", "brand", "--max-values-per-facet", "10", "iphone")["facets"]["brand"]


def test_retrieved_attributes_and_click_analytics(served):
    client = served.client()
    found = client.search_single_index("products", {"query": "galaxy", "hitsPerPage": 3,
                                                    "attributesToRetrieve": ["name", "price"],
                                                    "attributesToHighlight": ["name"], "clickAnalytics": True})
    for hit in found.hits:
        # site.json snippets the description: its snippet comes whatever is retrieved, as in Algolia.
        assert set(hit.to_dict()) == {"objectID", "name", "price", "_highlightResult", "_snippetResult"}
        assert set(hit.to_dict()["_highlightResult"]) == {"name"}
    assert len(found.query_id) == 32 and found.query_id == client.search_single_index(
        "products", {"query": "galaxy", "hitsPerPage": 3, "attributesToRetrieve": ["name", "price"],
                     "attributesToHighlight": ["name"], "clickAnalytics": True}).query_id
    # Every attribute but some, as Algolia writes it.
    found = client.search_single_index("products", {"query": "galaxy", "hitsPerPage": 2,
                                                    "attributesToRetrieve": ["*", "-description", "-image"]})
    for hit in found.hits:
        assert "description" not in hit.to_dict() and "image" not in hit.to_dict() and "name" in hit.to_dict()
    # Another sort order is another search: its queryID differs.
    ids = {client.search_single_index(index, {"query": "galaxy", "clickAnalytics": True}).query_id
           for index in ("products", "instant_search_price_asc", "instant_search_price_desc")}
    assert len(ids) == 3
    for body, message in [
        ({"attributesToSnippet": ["description:0"]}, "attributesToSnippet: description:0 is not name or name:words"),
        ({"snippetEllipsisText": "." * 101}, "snippetEllipsisText: expected at most 100 bytes, found 101"),
        ({"tagFilters": ["sale"]}, "tagFilters: records have no _tags here"),
        ({"highlightPreTag": ""}, "highlightPreTag: expected 1 to 100 bytes, found 0"),
        ({"hitsPerPage": -1}, "hitsPerPage: expected a whole number from 0 to 1000"),
        ({"attributesToRetrieve": ["-name"]}, "attributesToRetrieve: -name excludes from"),
        ({"attributesToRetrieve": [1]}, "attributesToRetrieve: expected an array of attribute names, found a number"),
    ]:
        response, data = served.get("/1/indexes/products/query", method="POST", body=json.dumps(body).encode())
        assert response.status == 400 and message in json.loads(data)["message"], data


def test_snippets_are_the_engines_and_the_pages(served):
    """`_snippetResult` (docs/CONTRACT.md, Snippets): site.json's `description:12` by default, and
    the snippet a card shows is the one the page's JavaScript draws (the agreement fixture)."""
    client = served.client()
    fixture = json.load(open(os.path.join(ROOT, "Tests", "JavaScript", "fixtures", "agreement.json")))
    cases = [c for c in fixture["cases"] if c["index"] == "products" and "language" not in c
             and any(c.get("cardSnippets", []))]
    assert len(cases) > 100
    for case in cases[:40]:
        raw = client.search_single_index_with_http_info("products", {"query": case["query"], "hitsPerPage": 20})
        found = json.loads(raw.raw_data)
        assert [hit["objectID"] for hit in found["hits"]] == case["hits"]
        for hit, card in zip(found["hits"], case["cardSnippets"]):
            snippet = hit["_snippetResult"]["description"]
            assert set(snippet) == {"value", "matchLevel"}
            if card is not None:
                assert snippet["value"] == card and snippet["matchLevel"] != "none", (case["query"], hit["objectID"])
    # Asked for: its length, its ellipsis and the highlight tags, as Algolia writes them.
    raw = client.search_single_index_with_http_info("products", {
        "query": "television", "hitsPerPage": 5, "attributesToSnippet": ["description:5", "name"],
        "snippetEllipsisText": "[...]", "highlightPreTag": "<mark>", "highlightPostTag": "</mark>"})
    found = json.loads(raw.raw_data)
    assert "attributesToSnippet=%5B%22description%3A5%22%2C%22name%3A10%22%5D" in found["params"]
    assert "snippetEllipsisText=%5B...%5D" in found["params"]
    for hit in found["hits"]:
        value = hit["_snippetResult"]["description"]["value"]
        words = [w for w in value.split() if w != "[...]"]
        assert len(words) == 5 and (value.startswith("[...] ") or value.endswith(" [...]")), value
        assert "&lt;" not in value and "<em>" not in value
        if hit["_snippetResult"]["description"]["matchLevel"] != "none":
            assert "<mark>" in value
        assert set(hit["_snippetResult"]) == {"description", "name"}


def test_a_huge_highlight_tag_is_refused_before_any_search(served):
    """A tag is repeated at every match of every hit: 50 KB tags on a 1,000-hit page would build
    gigabytes before the answer's own size limit could refuse it, so the tag's size is checked first."""
    body = json.dumps({"query": "c", "hitsPerPage": 1000, "highlightPreTag": "<" * 50000,
                       "highlightPostTag": ">" * 50000}).encode()
    response, data = served.get("/1/indexes/products/query", method="POST", body=body)
    assert response.status == 400 and "Tag: expected 1 to 100 bytes, found 50000" in json.loads(data)["message"]
    response, data = served.get("/1/indexes/products/query", method="POST",
                                body=json.dumps({"query": "case", "hitsPerPage": 1}).encode(), timeout=5)
    assert response.status == 200
