"""Snippets (issue 37, docs/CONTRACT.md, Snippets), in real headless Chromium in every case of the
matrix: a card whose name does not match a word of the search shows the words of its description
around the match, highlighted, as the engine cuts them (`typeahead query`'s `_snippetResult`), on
the search page as on the static result pages; a hostile description is text."""
import json
import subprocess

import pytest
from selenium.common.exceptions import UnexpectedAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_flows import cards, search
from test_search_page import (  # noqa: F401 (fixtures)
    BINARY, ROOT, driver, errors, hostile_site, page, sample_site, served, settled, shot, site_root, wait)


def engine(query, content="Content"):
    out = subprocess.run([BINARY, "query", "--content", content, "--hits-per-page", "20", query], check=True,
                         capture_output=True, text=True, cwd=ROOT).stdout
    return {hit["objectID"]: hit for hit in json.loads(out)["hits"]}


def as_dom(html):
    """The engine's HTML as the DOM writes it back (innerHTML writes quotes in text bare)."""
    return html.replace("&quot;", '"').replace("&#39;", "'")


def snippets(driver, cards="#typeahead-results > li"):
    """objectID → the snippet's HTML, for each card showing one."""
    return driver.execute_script("""
        const found = {};
        for (const li of document.querySelectorAll(arguments[0])) {
          const s = li.querySelector('.hit-snippet');
          if (s) found[li.dataset.objectId] = s.innerHTML;
        }
        return found;""", cards)


def test_a_card_that_matches_only_in_its_description_shows_why(page):
    driver, _ = page
    search(driver, "television")
    hits = engine("television")
    shown = wait(lambda: len(snippets(driver)) >= 3 and snippets(driver))
    for object_id, html in shown.items():
        hit = hits[object_id]
        # The engine's snippet, word for word, with the match highlighted...
        assert html == as_dom(hit["_snippetResult"]["description"]["value"]), object_id
        assert "<em>" in html
        # ...for a card whose name does not match the word.
        assert hit["_highlightResult"]["name"]["matchLevel"] != "full"
    # A name that matches every word needs none.
    for li in cards(driver):
        if li.get_attribute("data-object-id") not in shown:
            assert hits[li.get_attribute("data-object-id")]["_highlightResult"]["name"]["matchLevel"] == "full" or \
                hits[li.get_attribute("data-object-id")]["_snippetResult"]["description"]["matchLevel"] == "none"
    first = driver.find_element(By.CSS_SELECTOR, ".hit-snippet")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", first)
    # The highlighted word reads as a mark, within two lines.
    assert first.find_element(By.TAG_NAME, "em").text.lower() == "tv"
    assert first.size["height"] <= 2 * 1.6 * 16
    shot(driver, "snippets")
    assert errors(driver) == []


def test_the_static_result_page_shows_the_same_snippets(page):
    driver, _ = page
    driver.get(site_root(driver) + "search/android.html")
    hits = engine("android")
    # The static page's own list, as the build wrote it.
    shown = snippets(driver, "ol.results > li")
    assert len(shown) >= 5
    for object_id, html in shown.items():
        assert html == as_dom(hits[object_id]["_snippetResult"]["description"]["value"])


def test_a_hostile_description_in_a_snippet_is_text(driver, hostile_site):
    driver.set_window_size(1280, 800)
    driver.get("about:blank")
    driver.get("file://" + hostile_site + "/index.html")
    driver.get_log("browser")
    try:
        # Typed, as a shopper would: the search page's own answer, then its snippet.
        box = driver.find_element(By.ID, "typeahead-input")
        box.click()
        box.send_keys("sleeve", Keys.ENTER)
        snippet = settled(driver, "#typeahead-results > li .hit-snippet")
        assert "<img src=x onerror=alert(6)>" in snippet.text and "<svg onload=alert(7)>" in snippet.text
        assert snippet.find_elements(By.CSS_SELECTOR, "img, svg, script") == []
        assert snippet.find_element(By.TAG_NAME, "em").text == "sleeve"
    except UnexpectedAlertPresentException:
        pytest.fail("a script from the data ran")
    assert errors(driver) == []
