"""The shopper's flows that must keep their promises (issue 37), in real headless Chromium, in every
case of the matrix (from disk or served, desktop or phone, light or dark): the way back from a
product gives back the cards and the place; the back link is on the page a search opened, naming
that search; the scope chip keeps its ×; the scopes are in sight with recent searches; "see them all"
goes on where the static pages stopped; one search is one step of history."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_search_page import (  # noqa: F401 (fixtures)
    driver, options, page, sample_site, served, settled, shot, site_root, status_text, wait)


def cards(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#typeahead-results > li")


def search(driver, text):
    box = driver.find_element(By.ID, "typeahead-input")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text, Keys.ENTER)
    wait(lambda: status_text(driver).endswith("results") and cards(driver))
    settled(driver)
    return box


def scroll_y(driver):
    return driver.execute_script("return Math.round(window.scrollY)")


def test_back_from_a_product_gives_back_the_loaded_cards_and_the_place(page):
    driver, _ = page
    search(driver, "case")
    # Scroll until five pages are drawn, then put card 30 in the middle of the screen.
    for _ in range(20):
        if len(cards(driver)) >= 100:
            break
        count = len(cards(driver))
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(lambda: len(cards(driver)) > count, timeout=10)
    # The list has settled (no page half drawn) before the card is opened.
    settled = []
    wait(lambda: settled.append(len(cards(driver))) or (len(settled) > 10 and len(set(settled[-10:])) == 1), timeout=10)
    loaded = len(cards(driver))
    assert loaded >= 100, loaded
    # Each product once: the Enter on the text just shown draws its list again, and no page of the
    # first drawing lands in the second.
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#typeahead-results > li > a")]
    assert len(links) == len(set(links)), [link for link in links if links.count(link) > 1][:4]
    top = "return document.querySelectorAll('#typeahead-results > li')[29].getBoundingClientRect().top"
    driver.execute_script("document.querySelectorAll('#typeahead-results > li')[29].scrollIntoView({block: 'center'})")
    wait(lambda: scroll_y(driver) > 0)
    before = driver.execute_script(top)
    name = cards(driver)[29].find_element(By.CSS_SELECTOR, "b").text
    cards(driver)[29].find_element(By.CSS_SELECTOR, ".hit > a").click()
    wait(lambda: "/products/" in driver.current_url)
    assert driver.find_element(By.TAG_NAME, "h1").text == name
    driver.back()
    try:
        wait(lambda: len(cards(driver)) >= loaded, timeout=20)
    except AssertionError:
        raise AssertionError(("cards", loaded, len(cards(driver)), driver.current_url, status_text(driver),
                              driver.execute_script("return [history.state, scrollY]")))
    try:
        wait(lambda: abs(driver.execute_script(top) - before) <= 2, timeout=5)
    except AssertionError:
        raise AssertionError((before, driver.execute_script(top), loaded, len(cards(driver)), scroll_y(driver)))
    # Card 30 is where it was on the screen.
    assert cards(driver)[29].find_element(By.CSS_SELECTOR, "b").text == name
    assert abs(driver.execute_script(top) - before) <= 2


def test_the_back_link_is_on_the_page_a_search_opened_and_names_that_search(page):
    driver, _ = page
    front = driver.current_url.split("#")[0]
    search(driver, "otterbox")
    first = cards(driver)[0]
    first.find_element(By.CSS_SELECTOR, ".hit > a").click()
    wait(lambda: "/products/" in driver.current_url)
    product = driver.current_url
    back = driver.find_element(By.CSS_SELECTOR, "#main > a.back-link")
    assert back.text == "← Results for “otterbox”"
    shot(driver, "flow-back-link")
    # Another search, nothing opened from it: the OtterBox page, reached another way, has no link.
    driver.get(front + "#")
    search(driver, "band")
    driver.get(product)
    wait(lambda: driver.find_element(By.TAG_NAME, "h1"))
    assert driver.find_elements(By.CSS_SELECTOR, "a.back-link") == []
    # Opened from "band": another product, and the link names "band", not "otterbox".
    driver.get(front + "#q=band")
    wait(lambda: status_text(driver).endswith("results") and cards(driver))
    cards(driver)[0].find_element(By.CSS_SELECTOR, ".hit > a").click()
    link = wait(lambda: driver.find_element(By.CSS_SELECTOR, "#main > a.back-link"))
    assert link.text == "← Results for “band”"
    link.click()
    wait(lambda: driver.find_element(By.ID, "typeahead-input").get_attribute("value") == "band")


def test_the_scope_chip_keeps_its_remove_mark_whatever_the_width(page):
    driver, _ = page
    box = driver.find_element(By.ID, "typeahead-input")
    box.click()
    wait(lambda: "Smartwatches & Accessories" in options(driver))
    index = options(driver).index("Smartwatches & Accessories")
    driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox [role=option]")[index].click()
    token = driver.find_element(By.ID, "typeahead-token")
    wait(lambda: token.is_displayed())
    box.send_keys("band")
    wait(lambda: status_text(driver).endswith("results"))
    remove = token.find_element(By.CSS_SELECTOR, ".scope-token-remove")
    assert remove.is_displayed() and remove.text == "×"
    edges = driver.execute_script("""
        const r = document.querySelector('#typeahead-token .scope-token-remove').getBoundingClientRect();
        const t = document.getElementById('typeahead-token').getBoundingClientRect();
        const b = document.querySelector('.searchbox').getBoundingClientRect();
        return [r.left, r.right, t.left, t.right, b.right, window.innerWidth, r.width];""")
    left, right, token_left, token_right, box_right, width, mark = edges
    assert mark > 0 and token_left <= left and right <= token_right and token_right <= box_right <= width, edges
    assert token.get_attribute("aria-label") == "Remove the scope Smartwatches & Accessories"
    shot(driver, "flow-scope-chip")
    token.click()
    wait(lambda: not token.is_displayed())


def test_the_scopes_are_in_sight_with_five_recent_searches(page):
    driver, _ = page
    recent = ["iphone case", "samsung galaxy", "otterbox", "apple watch", "battery"]
    driver.execute_script("localStorage.setItem('typeahead-recent', arguments[0])", json.dumps(recent))
    driver.refresh()
    box = wait(lambda: driver.find_element(By.ID, "typeahead-input"))
    box.click()
    wait(lambda: "Cell Phones" in options(driver))
    assert options(driver)[:5] == recent
    scopes = driver.execute_script("""
        const list = document.getElementById('typeahead-listbox').getBoundingClientRect();
        return [...document.querySelectorAll('#typeahead-listbox .option-scope')].map((o) => {
          const r = o.getBoundingClientRect();
          return [o.textContent, r.top >= list.top && r.bottom <= Math.min(list.bottom, window.innerHeight)];
        });""")
    assert [s[0] for s in scopes] == ["Cell Phones", "Cell Phone Accessories", "Smartwatches & Accessories"]
    assert all(s[1] for s in scopes), scopes
    shot(driver, "flow-scopes-in-sight")


def test_see_them_all_goes_on_from_the_first_result_the_static_pages_do_not_show(page):
    driver, _ = page
    driver.get(site_root(driver) + "search/iphone.html")
    more = wait(lambda: driver.find_element(By.CSS_SELECTOR, ".more-results a"))
    static = driver.find_elements(By.CSS_SELECTOR, "ol.results > li")
    assert len(static) == 20
    # The link is under twenty cards laid out as they come into view (content-visibility): it is
    # clicked once it has stopped moving, where a person would click it.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
    places = []
    wait(lambda: places.append(driver.execute_script("return arguments[0].getBoundingClientRect().top", more))
         or (len(places) > 4 and len(set(places[-4:])) == 1))
    more.click()
    wait(lambda: "index.html" in driver.current_url, timeout=20)
    focused = """const item = document.querySelectorAll('#typeahead-results > li')[20];
        return !!item && item.contains(document.activeElement);"""
    try:
        wait(lambda: len(cards(driver)) >= 40 and driver.execute_script(focused), timeout=20)
    except AssertionError:
        raise AssertionError((driver.current_url, len(cards(driver)), driver.execute_script(
            "const s = document.getElementById('typeahead-status');"
            "return [s && s.textContent, document.activeElement.outerHTML.slice(0, 120), scrollY, document.readyState]")))
    # Result 21 is at the top of the screen and has the focus; the hash is the search's own.
    state = driver.execute_script("""
        const item = document.querySelectorAll('#typeahead-results > li')[20];
        const r = item.getBoundingClientRect();
        return [r.top >= 0 && r.top < window.innerHeight / 2, item.contains(document.activeElement), location.hash];""")
    assert state[0], state
    assert "from=" not in driver.current_url and "q=iphone" in driver.current_url
    shot(driver, "flow-see-them-all")


def test_one_search_is_one_step_of_history(page):
    driver, _ = page
    box = search(driver, "iphone")
    # Escape clears the box (the list is closed after a search); the next search replaces the
    # cleared box's entry.
    box.send_keys(Keys.ESCAPE)
    wait(lambda: box.get_attribute("value") == "")
    box.send_keys("samsung", Keys.ENTER)
    wait(lambda: "q=samsung" in driver.current_url)
    # A third search, cleared with the box's own text selected and retyped.
    search(driver, "otterbox")
    driver.back()
    wait(lambda: driver.find_element(By.ID, "typeahead-input").get_attribute("value") == "samsung")
    driver.back()
    wait(lambda: driver.find_element(By.ID, "typeahead-input").get_attribute("value") == "iphone")
    wait(lambda: status_text(driver).endswith("results"))


def test_a_product_without_a_picture_shows_an_icon_of_its_kind_and_its_price_on_one_screen(page):
    driver, _ = page
    search(driver, "car charger")
    first = cards(driver)[0]
    mark = first.find_element(By.CSS_SELECTOR, ".hit > a > i")
    assert "kind-charger" in mark.get_attribute("class").split(), mark.get_attribute("class")
    assert mark.text == ""  # an icon, not a letter
    icon = driver.execute_script(
        "return getComputedStyle(arguments[0], '::before').maskImage || getComputedStyle(arguments[0], '::before').webkitMaskImage",
        mark)
    assert icon.startswith('url("data:image/svg+xml'), icon
    shot(driver, "flow-placeholder-cards")
    # The card the script drew is the card the build wrote for the same product.
    classes = mark.get_attribute("class")
    first.find_element(By.CSS_SELECTOR, ".hit > a").click()
    picture = wait(lambda: driver.find_element(By.CSS_SELECTOR, ".product-image.placeholder"))
    assert picture.get_attribute("class").replace("product-image placeholder ", "") == classes
    sizes = driver.execute_script("""
        const p = document.querySelector('.product-image').getBoundingClientRect();
        const price = document.querySelector('.price').getBoundingClientRect();
        return [p.height, window.innerHeight, price.bottom];""")
    height, screen, price = sizes
    assert height <= 0.4 * screen + 1 and price <= screen, sizes
    shot(driver, "flow-placeholder-product")
