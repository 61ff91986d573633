"""Descriptions in HTML (site.json "descriptionFormat": "html") in a real headless Chromium: the
hostile HTML fixture's every product page runs nothing and holds only the allowlist's elements, a
search finds a description's words and never its markup, and the fashion sample's product pages
show their descriptions.

Run by Scripts/test:  .venv/bin/python -m pytest Tests/Browser/test_descriptions.py
"""
import glob
import time
import os
import re

import pytest
from selenium.common.exceptions import UnexpectedAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_search_page import ROOT, VIEWPORTS, built, driver, errors, shot, wait  # noqa: F401 (fixtures)

HOSTILE = os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "html", "Content")
FASHION = os.path.join(ROOT, "Examples", "fashion", "Content")
ALLOWED = {"p", "br", "ul", "ol", "li", "em", "strong", "b", "i", "h3", "h4", "h5", "h6", "table", "caption",
           "thead", "tbody", "tfoot", "tr", "th", "td", "a"}


@pytest.fixture(scope="module")
def html_site():
    yield from built(HOSTILE)


@pytest.fixture(scope="module")
def fashion_site():
    yield from built(FASHION)


def description_elements(driver):
    """Every element inside the description: [tag, [attribute names], href, rel]."""
    return driver.execute_script("""
        const root = document.querySelector('.description');
        if (!root) return null;
        return [...root.querySelectorAll('*')].map(e =>
            [e.localName, [...e.attributes].map(a => a.name), e.getAttribute('href'), e.getAttribute('rel')]);
    """)


def ran(driver):
    """What the probes recorded: the numbers of those that ran (none, when the page is safe)."""
    return driver.execute_script("return window.__xss || []")


def test_hostile_html_runs_nothing_and_keeps_only_the_allowlist(driver, html_site):
    pages = sorted(glob.glob(os.path.join(html_site, "products", "*.html")))
    assert len(pages) == 38
    driver.set_window_size(*VIEWPORTS["desktop"])
    for page in pages:
        try:
            driver.get("file://" + page)
            elements = description_elements(driver)
            assert elements is not None, page
            for tag, attributes, href, rel in elements:
                assert tag in ALLOWED, (page, tag)
                if tag == "a":
                    assert attributes == ["href", "rel"], (page, attributes)
                    assert re.match(r"https?://", href), (page, href)
                    assert rel == "noopener noreferrer nofollow"
                else:
                    assert attributes == [], (page, tag, attributes)
            # Hover over everything, click what is not in a link, and press Tab through the page:
            # handlers that wait for a person (onmouseover, onclick, onfocus) would run now.
            for element in driver.find_elements(By.CSS_SELECTOR, ".description *"):
                if element.is_displayed():
                    ActionChains(driver).move_to_element(element).perform()
                    # A click on the element itself (not on its centre, where a link may lie).
                    driver.execute_script("if (!arguments[0].closest('a')) arguments[0].click()", element)
            for _ in range(5):
                ActionChains(driver).send_keys(Keys.TAB).perform()
            assert ran(driver) == [], page
            if "probe-" in page:
                assert "Probe words" in driver.find_element(By.CSS_SELECTOR, ".description").text
        except UnexpectedAlertPresentException:
            pytest.fail(f"a script from a description ran on {page}")
    assert errors(driver) == []


def test_a_description_is_searched_as_text_never_as_markup(driver, html_site):
    driver.set_window_size(*VIEWPORTS["desktop"])
    driver.get("file://" + html_site + "/index.html")
    driver.execute_script("localStorage.clear()")
    box = wait(lambda: driver.find_element(By.ID, "typeahead-input"))
    status = lambda: driver.find_element(By.ID, "typeahead-status").text  # noqa: E731

    def search(text):
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(text)
        # The status counts results once the query is searched ("37 products" is the empty box).
        wait(lambda: "result" in status() and driver.find_element(By.ID, "typeahead-input").get_attribute("value") == text)
        # …and keeps that count: the answer to the whole text, not to a prefix typed on the way.
        last = None
        while status() != last:
            last = status()
            time.sleep(0.3)
        return last

    # Words of the text are found; the tags around them (strong, br, div, onerror) are not words.
    assert search("composition") == "1 result"
    assert search("spaced") == "1 result"  # a link's text, its javascript: URL dropped
    for markup in ("strong", "formaction", "xlink", "noopener"):
        assert search(markup).startswith("No results"), markup
    # A `&lt;script&gt;` written as text is text: its words are found (probe 28, and the old
    # probes' name, which is text too), and shown escaped.
    assert search("alert") == "2 results"
    assert ran(driver) == []


@pytest.mark.parametrize("viewport", ["desktop", "mobile"])
def test_the_fashion_samples_product_pages_show_their_descriptions(driver, fashion_site, viewport):
    pages = sorted(glob.glob(os.path.join(fashion_site, "products", "*.html")))
    assert len(pages) == 1000
    with_description = [p for p in pages if '<div class="description">' in open(p, encoding="utf-8").read()]
    assert len(with_description) == 1000
    driver.set_window_size(*VIEWPORTS[viewport])
    for page in pages[::50]:
        driver.get("file://" + page)
        description = driver.find_element(By.CSS_SELECTOR, ".description")
        assert description.is_displayed() and len(description.text) > 20, page
        assert "<" not in description.text and "&nbsp;" not in description.text, page
        assert {e[0] for e in description_elements(driver)} <= ALLOWED
    driver.get("file://" + os.path.join(fashion_site, "products", "10018.html"))
    driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    driver.refresh()
    driver.execute_script("document.querySelector('.description').scrollIntoView()")
    shot(driver, f"fashion-product-{viewport}")
    assert errors(driver) == []
