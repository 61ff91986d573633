"""The list under the search box as Algolia's Autocomplete shows it (issue 37, part 2): suggestions,
then the scopes the text starts, then the first four products (picture or placeholder, name as
highlighted, price), all one WAI-ARIA listbox with groups that the arrow keys walk; Enter on a
product opens its page. In every case of the matrix (from disk or served, desktop or phone, light
or dark), on the search page and on a product page; the products are `typeahead query`'s."""
import json
import os
import subprocess

import pytest
from selenium.common.exceptions import UnexpectedAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_refine import axe_violations
from test_search_page import (  # noqa: F401 (fixtures)
    BINARY, ROOT, driver, errors, groups, hostile_site, page, sample_site, served, shot, site_root, wait)


def engine(query):
    out = subprocess.run([BINARY, "query", "--content", os.path.join(ROOT, "Content"), "--hits-per-page", "4", query],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["hits"]


def products(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox .option-product")


def option_ids(driver):
    return [o.get_attribute("id") for o in driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox [role=option]")]


def test_the_list_shows_suggestions_scopes_and_the_first_products_and_enter_opens_one(page):
    driver, scheme = page
    box = driver.find_element(By.ID, "typeahead-input")
    box.click()
    box.send_keys("cell")
    wait(lambda: len(products(driver)) == 4, timeout=8)
    assert [g.upper() for g in groups(driver)] == ["SUGGESTIONS", "SEARCH IN", "PRODUCTS"]
    scopes = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox .option-scope")]
    assert scopes == ["Cell Phones", "Cell Phone Accessories"]
    # The engine's first four hits, names highlighted as it highlights them, with price and picture.
    hits = engine("cell")
    shown = products(driver)
    assert [p.find_element(By.CSS_SELECTOR, ".option-label").text for p in shown] == [h["name"] for h in hits]
    assert [p.find_element(By.CSS_SELECTOR, ".option-label").get_attribute("innerHTML") for p in shown] == \
        [h["_highlightResult"]["name"]["value"] for h in hits]
    assert all(p.find_element(By.CSS_SELECTOR, ".option-price").text.startswith("$") for p in shown)
    assert all(p.find_elements(By.CSS_SELECTOR, ".hit-image") for p in shown)
    # One listbox: every option a child of a group, the groups labelled; the arrow keys walk into
    # the products.
    listbox = driver.find_element(By.ID, "typeahead-listbox")
    assert listbox.get_attribute("role") == "listbox"
    for group in listbox.find_elements(By.CSS_SELECTOR, "[role=group]"):
        assert driver.find_element(By.ID, group.get_attribute("aria-labelledby")).text
    first_product = option_ids(driver).index(shown[0].get_attribute("id"))
    for _ in range(first_product + 1):
        box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == shown[0].get_attribute("id")
    assert shown[0].get_attribute("aria-selected") == "true"
    if scheme == "file":
        shot(driver, "dropdown-products")
    assert axe_violations(driver) == []
    box.send_keys(Keys.ENTER)
    wait(lambda: "/products/" in driver.current_url)
    assert driver.find_element(By.TAG_NAME, "h1").text == hits[0]["name"]
    # Opened from the search "cell": the page links back to it.
    assert driver.find_element(By.CSS_SELECTOR, "#main > a.back-link").text == "← Results for “cell”"
    assert errors(driver) == []


def test_on_a_product_page_the_list_has_products_too_and_a_click_opens_one(page):
    driver, _ = page
    driver.get(site_root(driver) + "products/5005506.html")
    box = wait(lambda: driver.find_element(By.ID, "typeahead-input"))
    box.click()
    box.send_keys("otterbox")
    wait(lambda: len(products(driver)) == 4, timeout=8)
    hits = engine("otterbox")
    names = [p.find_element(By.CSS_SELECTOR, ".option-label").text for p in products(driver)]
    assert names == [h["name"] for h in hits]
    # The suggestions came first: the products joined the list without moving them.
    assert [g.upper() for g in groups(driver)][0] == "SUGGESTIONS"
    products(driver)[1].click()
    wait(lambda: "/products/" in driver.current_url and "5005506" not in driver.current_url)
    assert driver.find_element(By.TAG_NAME, "h1").text == hits[1]["name"]
    assert driver.find_elements(By.CSS_SELECTOR, "a.back-link") == []
    assert errors(driver) == []


def test_hostile_names_in_the_list_are_text(driver, hostile_site):
    driver.set_window_size(1280, 800)
    driver.get("file://" + hostile_site + "/index.html#")
    driver.get_log("browser")
    box = wait(lambda: driver.find_element(By.ID, "typeahead-input"))
    box.click()
    try:
        box.send_keys("img onerror")
        wait(lambda: products(driver), timeout=8)
        label = products(driver)[0].find_element(By.CSS_SELECTOR, ".option-label")
        assert "</script><img src=x" in label.text
        assert driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox img[src=x]") == []
    except UnexpectedAlertPresentException:
        pytest.fail("a script from the data ran")
    assert errors(driver) == []
    driver.set_window_size(1000, 1000)
