#!/usr/bin/env python3
"""Opens an `ingest qa` HTML report in headless Chromium (Debian's chromium + chromium-driver,
through python3-selenium) and reports, as one JSON object on standard output, what a person
would see: script errors, rows and sections, images, sorting by CER both ways, filtering.
The Swift test (BrowserReportTests) decides what is right; this script only looks.

  browser_check.py --report R.html --screenshot S.png [--filter TEXT] [--kind KIND] [--large L.html]

Exit status: 0 when the page loaded and no SEVERE console entry nor window error was seen,
1 otherwise (the JSON says why), 2 when the browser could not be started at all.
"""
import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback

# Installed before any script of the page runs: window errors, failed loads (capture phase),
# rejected promises and Content-Security-Policy violations all end up in window.__errors.
CAPTURE = r"""
window.__errors = [];
window.addEventListener('error', function (e) {
  var t = e.target && e.target !== window ? ' <' + e.target.tagName + '>' : '';
  window.__errors.push('error: ' + (e.message || 'resource failed') + t + ' ' + (e.filename || '') + ':' + (e.lineno || ''));
}, true);
window.addEventListener('unhandledrejection', function (e) { window.__errors.push('unhandled rejection: ' + e.reason); });
document.addEventListener('securitypolicyviolation', function (e) {
  window.__errors.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI);
});
"""

STATE = r"""
var rows = Array.prototype.slice.call(document.querySelectorAll('#docs tbody tr'));
var visible = rows.filter(function (r) { return !r.hidden && r.getClientRects().length > 0; });
var links = Array.prototype.slice.call(document.querySelectorAll('#docs tbody a[href^="#"]'));
var images = Array.prototype.slice.call(document.images);
var cer = document.querySelector('#docs th[data-key="cer"]');
return {
  rows: rows.length,
  visible: visible.length,
  visibleNames: visible.map(function (r) { return r.cells[1].textContent; }),
  visibleCER: visible.map(function (r) { var v = r.querySelector('td:nth-child(5)').getAttribute('data-v'); return v === '' ? null : parseFloat(v); }),
  count: (document.getElementById('count') || {}).textContent,
  sections: document.querySelectorAll('section.doc').length,
  brokenLinks: links.filter(function (a) { return !document.getElementById(a.getAttribute('href').slice(1)); })
                    .map(function (a) { return a.getAttribute('href'); }),
  images: images.length,
  imagesLoaded: images.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length,
  imageSources: images.map(function (i) { return i.getAttribute('src'); }),
  resources: performance.getEntriesByType('resource').map(function (e) { return e.name; }),
  controlsShown: !document.getElementById('controls').hidden,
  cerAriaSort: cer ? cer.getAttribute('aria-sort') : 'missing',
  cerIsFifth: cer ? cer.cellIndex === 4 : false,
  errors: window.__errors || ['capture script not installed']
};
"""

TIMED_CLICK = r"""
var t = performance.now();
document.querySelector(arguments[0]).click();
document.body.offsetHeight;  // the layout of the reordered table counts too
return performance.now() - t;
"""

SORTED = r"""
var values = Array.prototype.map.call(document.querySelectorAll('#docs tbody tr'), function (r) {
  var v = r.cells[4].getAttribute('data-v'); return v === '' ? null : parseFloat(v);
});
var present = values.filter(function (v) { return v !== null; });
var firstMissing = values.indexOf(null);
var missingLast = firstMissing < 0 || values.slice(firstMissing).every(function (v) { return v === null; });
var up = true, down = true;
for (var i = 1; i < present.length; i++) { if (present[i] < present[i - 1]) up = false; if (present[i] > present[i - 1]) down = false; }
return { ascending: up && missingLast, descending: down && missingLast };
"""


def severe(driver):
    return [e.get("message", "") for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def start_driver(profile):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1440,900", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                 "--disable-background-networking", "--disable-sync", "--metrics-recording-only",
                 "--force-device-scale-factor=1", "--lang=fr-FR", "--user-data-dir=" + profile):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver", log_path=os.devnull)
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
    return driver


def load(driver, path):
    driver.get("file://" + os.path.abspath(path))
    deadline = time.time() + 60
    while driver.execute_script("return document.readyState") != "complete" and time.time() < deadline:
        time.sleep(0.05)


def check_report(driver, args, out):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    load(driver, args.report)
    out["loaded"] = driver.execute_script(STATE)

    header = driver.find_element(By.CSS_SELECTOR, '#docs th[data-key="cer"] button')
    header.click()
    out["ascending"] = driver.execute_script(STATE)
    out["ascending"].update(driver.execute_script(SORTED))
    header.click()
    out["descending"] = driver.execute_script(STATE)
    out["descending"].update(driver.execute_script(SORTED))

    box = driver.find_element(By.ID, "filter")
    if args.filter:
        box.send_keys(args.filter)
        out["filtered"] = driver.execute_script(STATE)
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.BACKSPACE)
        out["unfiltered"] = driver.execute_script(STATE)
    if args.kind:
        select = Select(driver.find_element(By.ID, "kind"))
        select.select_by_value(args.kind)
        out["kind"] = driver.execute_script(STATE)
        select.select_by_value("")
    problems = driver.find_element(By.ID, "problems")
    problems.click()
    out["problems"] = driver.execute_script(STATE)
    problems.click()
    out["reset"] = driver.execute_script(STATE)

    # The screenshot: the table (still sorted by CER, worst first) with its controls, as on a laptop.
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("document.getElementById('documents').scrollIntoView(true)")
    ActionChains(driver).move_to_element(driver.find_element(By.ID, "documents-title")).perform()  # no row hovered
    time.sleep(0.2)
    driver.save_screenshot(args.screenshot)
    out["screenshot"] = args.screenshot
    out["errors"] = driver.execute_script("return window.__errors || []")
    out["severe"] = severe(driver)


def check_large(driver, path, out):
    """5,000 rows: the table shows a page of them; sorting and filtering must stay quick."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    load(driver, path)
    names = "return Array.prototype.map.call(document.querySelectorAll('#docs tbody tr'), function (r) { return r.cells[1].textContent; })"
    count = "return document.getElementById('count').textContent"
    large = {"rows": len(driver.execute_script(names)), "count": driver.execute_script(count)}
    cer = '#docs th[data-key="cer"] button'
    large["sortAscendingMs"] = driver.execute_script(TIMED_CLICK, cer)
    large["ascending"] = driver.execute_script(SORTED)["ascending"]
    large["ascendingNames"] = driver.execute_script(names)
    large["sortDescendingMs"] = driver.execute_script(TIMED_CLICK, cer)
    large["descending"] = driver.execute_script(SORTED)["descending"]
    large["descendingNames"] = driver.execute_script(names)
    large["sortByNameMs"] = driver.execute_script(TIMED_CLICK, '#docs th[data-key="name"] button')
    box = driver.find_element(By.ID, "filter")
    t = time.time()
    box.send_keys("7")
    large["filterSeconds"] = time.time() - t
    large["filteredCount"] = driver.execute_script(count)
    large["filteredRows"] = len(driver.execute_script(names))
    box.send_keys(Keys.BACKSPACE)
    # Every row at once: slower, asked for, and measured only.
    large["showAllMs"] = driver.execute_script(TIMED_CLICK, "#all")
    large["allRows"] = len(driver.execute_script(names))
    large["sortAllMs"] = driver.execute_script(TIMED_CLICK, cer)
    large["errors"] = driver.execute_script("return window.__errors || []")
    large["severe"] = severe(driver)
    out["large"] = large


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--screenshot", required=True)
    parser.add_argument("--filter")
    parser.add_argument("--kind")
    parser.add_argument("--large")
    args = parser.parse_args()
    signal.alarm(300)  # a hung browser must not hang the test run

    out = {}
    profile = tempfile.mkdtemp(prefix="ingest-report-chromium-")
    try:
        try:
            driver = start_driver(profile)
        except Exception as e:  # noqa: BLE001 — reported, not raised
            out["startError"] = "".join(traceback.format_exception_only(type(e), e)).strip()
            print(json.dumps(out))
            return 2
        try:
            out["browserVersion"] = driver.capabilities.get("browserVersion")
            check_report(driver, args, out)
            if args.large:
                check_large(driver, args.large, out)
        except Exception as e:  # noqa: BLE001
            out["exception"] = traceback.format_exc()
        finally:
            driver.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    print(json.dumps(out))
    failed = "exception" in out or out.get("severe") or out.get("errors") \
        or out.get("large", {}).get("severe") or out.get("large", {}).get("errors")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
