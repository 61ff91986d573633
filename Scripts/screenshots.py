#!/usr/bin/env python3
"""Screenshots of the sample site for docs/screenshots/ and the README: the front page, the focused
empty box, typing "ip", the list with its products ("cell"), a scope token, results, no results, a product page and a result page, at
desktop (1280 x 800) and mobile (390 x 844) sizes, in light and dark mode (headless Chromium,
from disk, no network).
Usage: .venv/bin/python Scripts/screenshots.py   (after Scripts/test has made .venv and the debug build)
"""
import os
import subprocess
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.join(root, ".build", "debug", "typeahead")
out = os.path.join(root, "docs", "screenshots")
os.makedirs(out, exist_ok=True)
site = os.path.join(tempfile.mkdtemp(prefix="typeahead-shots-"), "site")
subprocess.run([binary, "build", "--quiet", "--output", site], cwd=root, check=True)

options = webdriver.ChromeOptions()
options.binary_location = "/usr/lib/chromium/chromium"
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
          "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"):
    options.add_argument(a)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def settle(condition, timeout=5):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if condition():
                break
        except Exception:
            pass
        time.sleep(0.05)
    time.sleep(0.3)


def front():
    driver.get("about:blank")
    driver.get("file://" + site + "/index.html#")
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    return driver.find_element(By.ID, "typeahead-input")


def listed():
    return driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox [role=option]")


def status(text):
    return lambda: driver.find_element(By.ID, "typeahead-status").text.endswith(text)


def states():
    box = front()
    yield "front-page"
    box.click()
    settle(listed)
    yield "focused-empty"
    box.send_keys("ip")
    settle(lambda: listed() and status("results")())
    yield "typing-ip"
    box = front()
    box.click()
    box.send_keys("cell")
    settle(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#typeahead-listbox .option-product")) == 4)
    yield "dropdown-products"
    box = front()
    box.click()
    settle(listed)
    [o for o in listed() if o.text == "Cell Phone Accessories"][0].click()
    box.send_keys("case")
    settle(lambda: listed() and status("results")())
    yield "token"
    box = front()
    box.click()
    box.send_keys("samsung galaxy", Keys.ENTER)
    settle(status("results"))
    yield "results"
    box = front()
    box.click()
    box.send_keys("qqzzxxv", Keys.ENTER)
    settle(status("No results"))
    yield "no-results"
    driver.get("file://" + site + "/products/5005506.html")
    yield "product"
    driver.get("file://" + site + "/search/iphone.html")
    yield "result-page"


for scheme in ("light", "dark"):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    for viewport, (width, height) in (("desktop", (1280, 800)), ("mobile", (390, 844))):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": viewport == "mobile"})
        for name in states():
            driver.save_screenshot(os.path.join(out, f"{name}-{viewport}-{scheme}.png"))
driver.quit()
print(f"screenshots in {out}")
