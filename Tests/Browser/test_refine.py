"""The refinement panel in real headless Chromium, driven as a shopper would: a search, a brand
ticked, a price typed, a sort order chosen, chips removed; on a desktop (the panel beside the
results) and a phone (the "Filters" sheet), in light and dark mode, from disk. Every count the page
shows is `typeahead query`'s with the same parameters; the state lives in the URL hash (reload and
Back restore it). Screenshots go to Tests/Browser/screenshots/ (and docs/screenshots/)."""
import json
import os
import subprocess
from urllib.parse import quote_plus

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from selenium_axe_python import Axe

from test_search_page import BINARY, ROOT, VIEWPORTS, driver, errors, sample_site, shot, wait  # noqa: F401 (fixtures)

CONTENT = os.path.join(ROOT, "Content")


def query(*arguments):
    out = subprocess.run([BINARY, "query", "--content", CONTENT, "--hits-per-page", "20", *arguments],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.fixture(params=[(viewport, colours) for viewport in VIEWPORTS for colours in ("light", "dark")],
                ids=lambda p: "-".join(p))
def front(request, driver, sample_site):
    viewport, colours = request.param
    driver.set_window_size(*VIEWPORTS[viewport])
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": colours}]})
    driver.get("about:blank")
    driver.get("file://" + sample_site + "/index.html")
    driver.execute_script("localStorage.clear()")
    driver.get_log("browser")
    yield driver, viewport, colours, "file://" + sample_site + "/index.html"
    driver.set_window_size(1000, 1000)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def status(driver):
    return driver.find_element(By.ID, "typeahead-status").text


def count(text):
    return int(text.split()[0].replace(",", ""))


def open_panel(driver, viewport):
    """On a phone, the sheet opens from the Filters button; on a desktop the panel is there."""
    if viewport == "mobile":
        button = driver.find_element(By.ID, "typeahead-filters")
        if button.get_attribute("aria-expanded") != "true":
            button.click()
            wait(lambda: driver.find_element(By.ID, "typeahead-refine").is_displayed())


def close_panel(driver, viewport):
    if viewport == "mobile":
        driver.find_element(By.ID, "typeahead-refine-close").click()
        wait(lambda: not driver.find_element(By.ID, "typeahead-refine").is_displayed())


def axe_violations(driver):
    """axe's violations on the page, as (rule, first target); its own frame checks leave console
    errors that are not the page's, so the console is emptied after it."""
    axe = Axe(driver)
    axe.inject()
    found = [(v["id"], v["nodes"][0]["target"]) for v in axe.run()["violations"]]
    driver.get_log("browser")
    return found


def checkbox(driver, value):
    for label in driver.find_elements(By.CSS_SELECTOR, "#typeahead-refine .refine-check"):
        if label.find_element(By.CSS_SELECTOR, ".refine-value").text == value:
            return label
    return None


def prices(driver):
    return [float(p.text.lstrip("$").replace(",", "")) for p in driver.find_elements(By.CSS_SELECTOR, "#typeahead-results .hit strong")]


def hit_ids(driver):
    return [li.get_attribute("data-object-id") for li in driver.find_elements(By.CSS_SELECTOR, "#typeahead-results li.hit")]


def test_a_shoppers_path_iphone_apple_under_300_by_price(front):
    driver, viewport, colours, url = front
    box = driver.find_element(By.ID, "typeahead-input")
    box.click()
    box.send_keys("iphone", Keys.ENTER)
    wait(lambda: count(status(driver)) == query("iphone")["nbHits"])
    open_panel(driver, viewport)
    # The brand list's counts are the engine's (every hit of the query, not only the first page).
    brands = query("--facets", "brand", "iphone")["facets"]["brand"]
    apple = wait(lambda: checkbox(driver, "Apple"))
    assert apple.find_element(By.CSS_SELECTOR, ".count").text == str(brands["Apple"])
    if viewport == "desktop":
        shot(driver, f"refine-panel-{viewport}-{colours}")
    apple.click()
    wait(lambda: count(status(driver)) == brands["Apple"])
    assert "f.brand=Apple" in driver.current_url
    # Disjunctive: the other brands keep the counts they would give.
    assert checkbox(driver, "Speck").find_element(By.CSS_SELECTOR, ".count").text == str(brands["Speck"])
    under = driver.find_element(By.ID, "refine-price-under")
    under.send_keys("300", Keys.ENTER)
    expected = query("--filters", "brand:Apple AND price < 300", "--index", "instant_search_price_asc", "iphone")
    wait(lambda: count(status(driver)) == expected["nbHits"])
    if viewport == "mobile":
        shot(driver, f"refine-sheet-{viewport}-{colours}")
    close_panel(driver, viewport)
    Select(driver.find_element(By.ID, "typeahead-sort")).select_by_value("instant_search_price_asc")
    wait(lambda: "sort=instant_search_price_asc" in driver.current_url)
    wait(lambda: hit_ids(driver)[:20] == [h["objectID"] for h in expected["hits"]])
    assert prices(driver) == sorted(prices(driver))
    chips = [c.text.replace("\n", " ") for c in driver.find_elements(By.CSS_SELECTOR, "#typeahead-chips button")]
    assert chips == ["Brand: Apple ×", "Price: Under $300 ×", "Clear all"]
    shot(driver, f"refine-chips-{viewport}-{colours}")
    # Reload keeps it all; Back undoes one step (the sort order), then the price.
    driver.refresh()
    wait(lambda: count(status(driver)) == expected["nbHits"] and hit_ids(driver)[:20] == [h["objectID"] for h in expected["hits"]])
    driver.back()
    wait(lambda: "sort=" not in driver.current_url)
    wait(lambda: Select(driver.find_element(By.ID, "typeahead-sort")).first_selected_option.get_attribute("value") == "")
    driver.back()
    wait(lambda: count(status(driver)) == brands["Apple"])
    assert errors(driver) == []


def test_chips_remove_one_refinement_and_clear_all_removes_every_one(front):
    driver, viewport, _, url = front
    driver.get(url + "#q=apple&f.brand=Acer&f.brand=Apple&t.free_shipping=1")
    driver.refresh()
    both = query("--facet-filters", '[["brand:Apple","brand:Acer"]]', "apple")["nbHits"]
    shipped = query("--facet-filters", '[["brand:Apple","brand:Acer"],"free_shipping:true"]', "apple")["nbHits"]
    assert 0 < shipped < both
    wait(lambda: count(status(driver)) == shipped)
    for chip in driver.find_elements(By.CSS_SELECTOR, "#typeahead-chips button"):
        if chip.text.startswith("Free shipping"):
            chip.click()
            break
    wait(lambda: count(status(driver)) == both)
    # Keyboard: Tab to "Clear all", Enter.
    clear = driver.find_element(By.CSS_SELECTOR, "#typeahead-chips .clear-all")
    driver.execute_script("arguments[0].focus()", clear)
    clear.send_keys(Keys.ENTER)
    wait(lambda: count(status(driver)) == query("apple")["nbHits"])
    assert driver.find_elements(By.CSS_SELECTOR, "#typeahead-chips button") == []
    assert errors(driver) == []


def test_the_category_tree_and_a_ready_price_range(front):
    driver, viewport, _, url = front
    driver.get(url + "#q=charger")
    driver.refresh()
    wait(lambda: count(status(driver)) == query("charger")["nbHits"])
    open_panel(driver, viewport)
    lvl0 = query("--facets", "hierarchicalCategories.lvl0", "charger")["facets"]["hierarchicalCategories.lvl0"]
    top = max(lvl0, key=lambda v: (lvl0[v], v))

    def option(text):
        for button in driver.find_elements(By.CSS_SELECTOR, "#typeahead-refine .refine-option"):
            if button.find_element(By.CSS_SELECTOR, ".refine-value").text == text:
                return button
        return None

    wait(lambda: option(top)).click()
    wait(lambda: count(status(driver)) == lvl0[top])
    lvl1 = query("--facets", "hierarchicalCategories.lvl1", "--filters", f'"hierarchicalCategories.lvl0":"{top}"',
                 "charger")["facets"]["hierarchicalCategories.lvl1"]
    child, child_count = sorted(lvl1.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    name = child.split(" > ")[-1]
    assert wait(lambda: option(name)).find_element(By.CSS_SELECTOR, ".count").text == str(child_count)
    option(name).click()
    wait(lambda: count(status(driver)) == child_count)
    ranged = query("--filters", f'"hierarchicalCategories.lvl1":"{child}" AND price >= 25 AND price < 50', "charger")
    button = wait(lambda: option("$25 to $50"))
    assert button.find_element(By.CSS_SELECTOR, ".count").text == str(ranged["nbHits"])
    button.click()
    wait(lambda: count(status(driver)) == ranged["nbHits"])
    assert errors(driver) == []


def test_the_panel_and_the_sheet_are_axe_clean(front):
    driver, viewport, _, url = front
    driver.get(url + "#q=iphone&f.brand=Apple")
    driver.refresh()
    wait(lambda: checkbox(driver, "Apple") is not None or viewport == "mobile")
    open_panel(driver, viewport)
    wait(lambda: checkbox(driver, "Apple") is not None)
    assert axe_violations(driver) == []


def test_a_result_pages_summary_reads_without_script_and_its_counts_are_the_search_pages(front):
    """Without script, the summary is the page's panel: each value with its count, as text (no link:
    the search page needs script, and where script runs the panel replaces the summary). The
    search page refined by that value gives that count."""
    driver, viewport, colours, url = front
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get(url.replace("index.html", "search/16gb-iphone-c7c9bfae.html"))
        item = wait(lambda: driver.find_element(By.CSS_SELECTOR, '.facet-summary [data-facet="brand"] li'))
        assert item.is_displayed() and not driver.find_element(By.ID, "typeahead-refine").is_displayed()
        expected = int(item.find_element(By.CSS_SELECTOR, "small").text.strip("()").replace(",", ""))
        # A brand reads as it is: its text is its value, said once (no data-value).
        assert item.get_attribute("data-value") is None
        value = item.text.rsplit(" (", 1)[0]
        assert driver.find_elements(By.CSS_SELECTOR, ".facet-summary a") == []
        # With no panel beside it, the list takes the page's width (not the panel's column).
        widths = driver.execute_script(
            "return [document.querySelector('ol.results').getBoundingClientRect().width,"
            " document.querySelector('main').getBoundingClientRect().width]")
        assert widths[0] >= 0.8 * widths[1], widths
        shot(driver, f"result-page-without-script-{viewport}-{colours}")
        text = driver.find_element(By.TAG_NAME, "h1").text.split("“", 1)[1].rsplit("”", 1)[0]
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    driver.get(url + "#q=" + quote_plus(text) + "&f.brand=" + quote_plus(value))
    driver.refresh()
    wait(lambda: count(status(driver)) == expected)
    chips = [c.text.replace("\n", " ") for c in driver.find_elements(By.CSS_SELECTOR, "#typeahead-chips button")]
    assert chips[0] == f"Brand: {value} ×"
    assert errors(driver) == []


def test_a_result_page_has_the_panel_once_its_script_runs_and_a_tick_goes_on_at_the_search_page(front):
    """A result page's first page shows the panel with the counts of its query (the static summary
    then hidden); ticking a brand opens the search page with that refinement, its list and chip."""
    driver, viewport, colours, url = front
    driver.get(url.replace("index.html", "search/16gb-iphone-c7c9bfae.html"))
    title = driver.find_element(By.TAG_NAME, "h1").text
    text = title.split("“", 1)[1].rsplit("”", 1)[0]
    expected = query("--facets", "brand", "--max-values-per-facet", "1000", text)
    wait(lambda: not driver.find_element(By.CSS_SELECTOR, ".facet-summary").is_displayed())
    open_panel(driver, viewport)
    top, top_count = max(expected["facets"]["brand"].items(), key=lambda item: (item[1], item[0]))
    label = wait(lambda: checkbox(driver, top))
    assert count(label.find_element(By.CSS_SELECTOR, ".count").text.strip("()")) == top_count
    shown = {c.find_element(By.CSS_SELECTOR, ".refine-value").text: count(c.find_element(By.CSS_SELECTOR, ".count").text.strip("()"))
             for c in driver.find_elements(By.CSS_SELECTOR, "#typeahead-refine .refine-check")
             if c.find_element(By.CSS_SELECTOR, ".refine-value").text in expected["facets"]["brand"]}
    assert shown and all(expected["facets"]["brand"][value] == n for value, n in shown.items())
    shot(driver, f"refine-result-page-{viewport}-{colours}")
    label.find_element(By.TAG_NAME, "input").click()
    wait(lambda: "index.html" in driver.current_url and count(status(driver)) == top_count)
    assert "f.brand=" in driver.current_url
    chips = [c.text.replace("\n", " ") for c in driver.find_elements(By.CSS_SELECTOR, "#typeahead-chips button")]
    assert chips[0] == f"Brand: {top} ×"
    assert errors(driver) == []


def test_a_result_pages_panel_frame_is_drawn_by_its_script_as_the_search_page_has_it(front, sample_site):
    """The build leaves the panel's frame and the results bar out of every result page (they only
    ever show where script runs); the page's script draws them with the search page's markup."""
    driver, viewport, _, url = front
    with open(os.path.join(sample_site, "search", "16gb-iphone-c7c9bfae.html"), encoding="utf-8") as f:
        html = f.read()
    assert 'id="typeahead-refine"' in html
    assert "typeahead-results-bar" not in html and 'class="refine-head"' not in html and "typeahead-sort" not in html
    frame = """
        const tight = (node) => node.outerHTML.replace(/>\\s+</g, '><').replace(/ hidden=""/g, '');
        const bar = document.getElementById('typeahead-results-bar');
        return [tight(document.querySelector('#typeahead-refine > .refine-head')),
                tight(document.getElementById('typeahead-refine-body').cloneNode(false)),
                tight(bar), bar.parentElement.className, bar.nextElementSibling.className];"""
    wait(lambda: driver.find_element(By.ID, "typeahead-results-bar").is_displayed())
    want = driver.execute_script(frame)
    driver.get(url.replace("index.html", "search/16gb-iphone-c7c9bfae.html"))
    wait(lambda: driver.find_element(By.ID, "typeahead-results-bar").is_displayed())
    got = driver.execute_script(frame)
    assert got[:4] == want[:4]
    assert "Price, low to high" in got[2] and got[4] == "facet-summary"
    assert errors(driver) == []


def test_a_result_pages_sort_order_goes_on_at_the_search_page_and_is_axe_clean(front):
    driver, viewport, _, url = front
    driver.get(url.replace("index.html", "search/16gb-iphone-c7c9bfae.html"))
    wait(lambda: driver.find_element(By.ID, "typeahead-results-bar").is_displayed())
    open_panel(driver, viewport)
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#typeahead-refine .refine-check"))
    assert axe_violations(driver) == []
    close_panel(driver, viewport)
    Select(driver.find_element(By.ID, "typeahead-sort")).select_by_value("instant_search_price_asc")
    wait(lambda: "index.html" in driver.current_url and "sort=instant_search_price_asc" in driver.current_url)
    wait(lambda: len(prices(driver)) > 1)
    assert prices(driver) == sorted(prices(driver))
    assert errors(driver) == []


def test_a_choice_under_the_pointer_has_its_first_cards_loaded_before_the_click(front):
    """Resting the pointer on a brand loads the rows of the first cards its list would show; the
    click then paints them without loading a records file (the desktop, where a pointer rests)."""
    from selenium.webdriver.common.action_chains import ActionChains
    driver, viewport, _, url = front
    if viewport == "mobile":
        pytest.skip("a phone has no pointer resting on a choice")
    driver.get(url + "#q=charger")
    driver.refresh()
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#typeahead-refine .refine-check"))
    records = "return document.querySelectorAll('script[src*=\"/records/\"]').length"
    brands = driver.find_elements(By.CSS_SELECTOR, "#typeahead-refine .refine-group:has(.refine-search) .refine-check")
    target = brands[-1]  # a small brand: its hits are not among the cards already shown
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    before = driver.execute_script(records)
    ActionChains(driver).move_to_element(target).perform()
    wait(lambda: driver.execute_script(records) > before)
    # The click draws the first cards at once, from rows already there: the first screen is drawn
    # in the same task as the click (no records file waited for).
    expected = count(target.find_element(By.CSS_SELECTOR, ".count").text.strip("()"))
    drawn = driver.execute_script("""
      const box = arguments[0].querySelector("input");
      const list = document.getElementById("typeahead-results");
      const old = list.firstElementChild;
      box.click();
      return list.firstElementChild !== old && list.querySelectorAll("li.hit").length;""", target)
    assert drawn == min(expected, -(-driver.execute_script("return innerHeight") // 80))
    wait(lambda: count(status(driver)) == expected)
    assert errors(driver) == []
