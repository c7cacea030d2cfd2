"""The Items screen with a big catalogue: it stays usable (search, tap, jump to a letter, the
last item), and how long its first render and search-as-you-type take, measured in the page.

The figures are printed under "measured figures"; the only time bounds are loose sanity ones.
"""

import statistics
import time

import pytest
from selenium.webdriver.common.keys import Keys

from helpers import click, element, figure, tid, until, until_equal, until_js, wait_ready
from shopping_helpers import big_catalogue, catalogue_rows, create_list, import_items, search_catalogue

# Installed before the page's own scripts: when the first catalogue rows are in the DOM, and
# the first task after the frame that painted them (performance.now(), from navigation start).
FIRST_RENDER = """
(() => {
  const marks = (window.__render = {});
  new MutationObserver(() => {
    if (marks.firstRows !== undefined) return;
    const rows = document.querySelectorAll('[data-testid=catalogue-row]').length;
    if (rows === 0) return;
    marks.firstRows = performance.now();
    marks.rows = rows;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { marks.painted = performance.now(); };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true });
})();
"""

# From each input event on the search field (captured before the app's listener) to the
# app's "catalogue-rendered" (rows in the DOM) and to the next painted frame.
SEARCH_PROBE = """
window.__search = [];
let started = null;
window.addEventListener('input', (event) => {
  if (event.target.dataset.testid === 'catalogue-search') started = performance.now();
}, true);
document.querySelector('[data-testid=catalogue]').addEventListener('catalogue-rendered', (event) => {
  const dom = performance.now() - started;
  const count = event.detail.count;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.__search.push({ dom, painted: performance.now() - started, count });
    channel.port2.postMessage(null);
  });
});
"""

# About fifty keystrokes: words typed, then taken back with Backspace (each key filters).
TYPING = ["apple 0", Keys.BACKSPACE * 7, "milk 00", Keys.BACKSPACE * 7, "zucchini", Keys.BACKSPACE * 8,
          "crème 01064"]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def names_in_dom(driver):
    return [row["name"] for row in catalogue_rows(driver)]


@pytest.mark.parametrize("count", [5000, 10000])
def test_items_screen_with_a_big_catalogue(server, browser, count):
    weekly = create_list(server, "Weekly")
    started = time.perf_counter()
    report = import_items(server, big_catalogue(count), weekly)
    imported = time.perf_counter() - started
    assert report["added"] == count

    driver = browser("phone", path=f"/shopping/lists/{weekly}")
    wait_ready(driver, "shoppingList")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_RENDER})
    visits = []
    for _ in ("first visit", "second visit"):
        driver.get(f"{server.url}/shopping/items")
        marks = until_js(driver, "const m = window.__render; return m && m.painted && m",
                         message="the Items screen never painted a row", timeout=60)
        wait_ready(driver, "catalogue", "/shopping/items")
        fetched = driver.execute_script(
            "const e = performance.getEntriesByType('resource').find(r => r.name.endsWith('/api/v1/catalogue'));"
            "return e ? [e.responseEnd, e.encodedBodySize] : [0, 0]")
        visits.append((marks, fetched))
    rows_in_dom = len(catalogue_rows(driver))
    assert 0 < rows_in_dom < 120, f"{rows_in_dom} rows in the DOM: the list is not windowed"
    assert names_in_dom(driver)[0] == "Apple 00070"  # alphabetical: Apple 00070 < Apple 00140 < …

    # Search-as-you-type, measured from each input event to the painted results.
    driver.execute_script(SEARCH_PROBE)
    field = element(driver, tid("catalogue-search"))
    field.click()
    keys = [key for chunk in TYPING for key in chunk]
    for n, key in enumerate(keys, start=1):
        field.send_keys(key)
        until(driver, lambda d: d.execute_script("return window.__search.length") >= n,
              f"keystroke {n} ({key!r}) never rendered")
    timings = driver.execute_script("return window.__search")
    assert len(timings) == len(keys)
    until_equal(driver, names_in_dom, ["Crème 01064"], "the search result")
    # Accents and case don't matter.
    search_catalogue(driver, "CREME 01064")
    until_equal(driver, names_in_dom, ["Crème 01064"], "the search without the accent")

    # Usable: a tap on the result puts it on the list.
    click(driver, f'{tid("catalogue-row", item_name="Crème 01064")} {tid("catalogue-toggle")}')
    until(driver, lambda d: catalogue_rows(d)[0]["onList"], "the tap did not put the item on the list")
    until(driver, lambda _: [line["item"]["name"] for line in
                             server.api("GET", f"/api/v1/shopping-lists/{weekly}").body["lines"]] == ["Crème 01064"],
          "the server never had the item on the list")

    # The index jumps to a letter, and the end of the list is reachable.
    search_catalogue(driver, "")
    until(driver, lambda d: len(names_in_dom(d)) > 5, "the whole catalogue did not come back")
    click(driver, f'{tid("section-index")} button[aria-label="Jump to Y"]')
    until(driver, lambda d: d.execute_script(
        "const r = [...document.querySelectorAll('[data-testid=catalogue-row]')]"
        ".find(r => r.getBoundingClientRect().top > 120);"
        "return r && r.dataset.itemName.startsWith('Yam ')"), "the index did not jump to Y")
    until_equal(driver, lambda d: d.execute_script("return document.querySelector('[data-testid=sticky-section]').textContent"),
                "Y", "the sticky section header")
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    last = sorted(name for name, _, _ in big_catalogue(count) if name.startswith("Zucchini"))[-1]
    until(driver, lambda d: last in names_in_dom(d), f"{last} never showed at the end of the list")

    (first, (fetched_at, size)), (second, _) = visits
    dom = [t["dom"] for t in timings]
    painted = [t["painted"] for t in timings]
    figure(f"Items screen, {count} items: first render {first['painted']:.0f} ms "
           f"(navigation start → painted frame with the first {first['rows']} rows; the catalogue, "
           f"{size / 1e6:.1f} MB, had arrived at {fetched_at:.0f} ms); second visit {second['painted']:.0f} ms")
    figure(f"  search as you type, {len(keys)} keystrokes: input → painted results p50 "
           f"{statistics.median(painted):.1f} ms, p90 {percentile(painted, 90):.1f} ms, "
           f"p99 {percentile(painted, 99):.1f} ms, max {max(painted):.1f} ms "
           f"(input → rows in the DOM p50 {statistics.median(dom):.1f} ms, p99 {percentile(dom, 99):.1f} ms)")
    figure(f"  {rows_in_dom} rows in the DOM at a time; import of {count} items (iPhone items file): "
           f"{imported * 1000:.0f} ms")
    assert first["painted"] < 15000, "sanity bound: the first rows within 15 s"
