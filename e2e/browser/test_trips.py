"""Where the money went: Finish Shopping keeps a trip ("Trip saved: €4.79"), the Trips screen
lists the trips newest first with their totals and draws the month's spending as a bar chart
(with the same figure in its accessible table), a trip opens to its lines, the CSV export has
them, and an item's price change shows on its price history chart with both prices.

Screenshots: docs/screenshots/{phone,desktop}-trips.png and -price-history.png.
"""

from decimal import Decimal
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from axe_helpers import axe_violations, describe
from helpers import click, element, settled, tid, type_text, until, until_equal, until_js, wait_ready
from shopping_helpers import catalogue_ids, create_list, open_shopping_list, toggle_line, wait_lines

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

TRIPS = """
return [...document.querySelectorAll('[data-testid=trip-row]')].map(li => ({
  id: li.dataset.tripId,
  date: li.querySelector('[data-testid=trip-date]').textContent,
  shop: li.querySelector('[data-testid=trip-shop]').textContent,
  total: li.querySelector('[data-testid=trip-total]').textContent,
}));
"""

CHART = """
const chart = document.querySelector('[data-testid=spending-chart]');
if (!chart) return null;
const bars = [...chart.querySelectorAll('[data-testid=spending-bar]')];
const table = document.querySelector('[data-testid=spending-table]');
return {
  role: chart.getAttribute('role'),
  title: chart.querySelector('title')?.textContent ?? '',
  labelledBy: document.getElementById(chart.getAttribute('aria-labelledby'))?.textContent ?? '',
  currency: chart.dataset.currency,
  months: bars.map(b => b.dataset.month),
  amounts: bars.map(b => b.dataset.amount),
  heights: bars.map(b => Number(b.getAttribute('height'))),
  rows: [...table.querySelectorAll('[data-testid=spending-row]')].map(r =>
    [r.dataset.month, r.querySelector('td').textContent]),
  tableHidden: getComputedStyle(table).position === 'absolute' || table.getBoundingClientRect().width <= 1,
};
"""

TRIP_LINES = """
return [...document.querySelectorAll('[data-testid=trip-line]')].map(li => [
  li.querySelector('[data-testid=trip-line-name]').textContent,
  li.querySelector('[data-testid=trip-line-detail]').textContent,
  li.querySelector('[data-testid=trip-line-cost]').firstChild?.textContent ?? '',
]);
"""

PRICES = """
const section = document.querySelector('[data-testid=price-history]');
if (!section || section.hidden) return null;
return {
  points: [...section.querySelectorAll('[data-testid=price-point]')].map(p => p.dataset.amount),
  rows: [...section.querySelectorAll('[data-testid=price-history-row]')].map(r => r.textContent),
  label: section.querySelector('[data-testid=price-chart]').getAttribute('aria-label'),
  role: section.querySelector('[data-testid=price-chart]').getAttribute('role'),
};
"""

CURRENT_MONTH = """
const d = new Date();
return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
"""


def seed(server) -> tuple[str, dict[str, str]]:
    for name, price, category in [("Milk", "1.15", "Dairy"), ("Eggs", "2.49", "Dairy"), ("Bread", "3.10", "Bakery")]:
        response = server.api("POST", "/api/v1/catalogue", {"name": name, "price": price, "category": category})
        assert response.status in (200, 201), response.body
    return create_list(server, "Weekly"), catalogue_ids(server)


def put_in_cart(server, list_id: str, item_id: str, quantity: int = 1) -> None:
    entry = f"/api/v1/shopping-lists/{list_id}/entries/{item_id}"
    assert server.api("PUT", entry, {"quantity": quantity}).status in (200, 201)
    assert server.api("PATCH", entry, {"inCart": True}).status == 200


def toasts(driver) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=toast] .toast-text')].map(t => t.textContent)")


def finish_in_browser(driver) -> None:
    click(driver, tid("finish-shopping"))
    click(driver, tid("confirm-ok"))


def open_trips(driver) -> None:
    click(driver, tid("segment-trips"))
    wait_ready(driver, "trips", "/shopping/trips")


def test_two_trips_show_with_their_totals_and_the_months_bar(server, browser):
    weekly, ids = seed(server)
    driver = browser("phone", path=None)

    # Trip 1, in the browser: 2 × Milk and Eggs in the cart; Bread stays on the list.
    for name, quantity in (("Milk", 2), ("Eggs", 1), ("Bread", 1)):
        assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/entries/{ids[name]}",
                          {"quantity": quantity}).status in (200, 201)
    open_shopping_list(driver, weekly)
    wait_lines(driver, [("Bread", False, "1"), ("Eggs", False, "1"), ("Milk", False, "2")])
    toggle_line(driver, "Milk")
    toggle_line(driver, "Eggs")
    finish_in_browser(driver)
    # 2 × 1.15 + 2.49
    until(driver, lambda d: "Trip saved: €4.79" in toasts(d), "no 'Trip saved: €4.79' toast")
    wait_lines(driver, [("Bread", False, "1")])

    # Trip 2, from another phone (the API): Bread.
    assert server.api("PATCH", f"/api/v1/shopping-lists/{weekly}/entries/{ids['Bread']}", {"inCart": True}).status == 200
    finished = server.api("POST", f"/api/v1/shopping-lists/{weekly}/finish", {"clientID": "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F"})
    assert finished.status == 200, finished.body
    assert finished.body["trip"]["totals"][0]["amount"] == "3.10"

    # Trips: newest first, each with its date, where (no shop: the list's name) and total.
    open_trips(driver)
    until_equal(driver, lambda d: [(t["shop"], t["total"]) for t in d.execute_script(TRIPS)],
                [("Weekly", "€3.10"), ("Weekly", "€4.79")], "the trips, newest first")
    assert all(t["date"] for t in driver.execute_script(TRIPS))

    # The chart: 12 months, the last one this month with both trips (€7.89); the figure is in
    # the chart's <title> and in its visually hidden table.
    chart = until_js(driver, CHART, message="no spending chart")
    month = driver.execute_script(CURRENT_MONTH)
    assert chart["role"] == "img" and chart["currency"] == "EUR"
    assert len(chart["months"]) == 12 and chart["months"][-1] == month, chart["months"]
    assert Decimal(chart["amounts"][-1]) == Decimal("7.89"), chart["amounts"]
    assert all(Decimal(a) == 0 for a in chart["amounts"][:-1])
    assert chart["heights"][-1] > 0 and max(chart["heights"]) == chart["heights"][-1]
    assert "€7.89" in chart["title"] and chart["title"] == chart["labelledBy"]
    assert chart["rows"][-1] == [month, "€7.89"] and len(chart["rows"]) == 12
    assert chart["tableHidden"]

    # A trip opens to its lines with the prices then. (Their order is the walk's, which comes
    # from the cart order of wt-aisles: compared as a set here.)
    first = driver.execute_script(TRIPS)[1]["id"]
    click(driver, tid("trip-row", trip_id=first) + " " + tid("open-trip"))
    wait_ready(driver, "trip", f"/shopping/trips/{first}")
    until_equal(driver, lambda d: sorted(d.execute_script(TRIP_LINES)),
                [["Eggs", "1 × €2.49 · Dairy", "€2.49"], ["Milk", "2 × €1.15 · Dairy", "€2.30"]], "the trip's lines")
    assert element(driver, tid("trip-totals") + " " + tid("trip-total")).text == "€4.79"

    # The CSV export, as the link downloads it: one row per line.
    click(driver, tid("back"))
    wait_ready(driver, "trips")
    link = element(driver, tid("export-csv"))
    assert "/api/v1/trips/export.csv" in link.get_attribute("href")
    csv = driver.execute_async_script(
        "const done = arguments[0]; fetch('/api/v1/trips/export.csv').then(r => r.text()).then(done, e => done(String(e)))")
    assert csv.count("\n") >= 3 and "Milk" in csv and "Bread" in csv, csv


def test_a_price_change_shows_on_the_price_history(server, browser):
    seed(server)
    driver = browser("phone", path="/shopping/items")
    wait_ready(driver, "catalogue")
    ids = catalogue_ids(server)
    driver.get(f"{driver.base_url}/shopping/items/{ids['Milk']}/edit")
    wait_ready(driver, "catalogueItemForm")
    # One price so far: the chart has its point.
    until_equal(driver, lambda d: (d.execute_script(PRICES) or {}).get("points"), ["1.15"], "Milk's one price")

    type_text(driver, tid("item-price-input"), "1.35")
    click(driver, tid("done"))
    wait_ready(driver, "catalogue")
    until_equal(driver, lambda _: server.api("GET", f"/api/v1/catalogue/{ids['Milk']}").body["price"]["amount"],
                "1.35", "Milk's new price on the server")

    driver.get(f"{driver.base_url}/shopping/items/{ids['Milk']}/edit")
    wait_ready(driver, "catalogueItemForm")
    prices = until_js(driver, "const p = (() => {" + PRICES + "})(); return p && p.points.length === 2 ? p : null",
                      message="the price history never showed two prices")
    assert prices["points"] == ["1.15", "1.35"]
    assert prices["role"] == "img" and "€1.15" in prices["label"] and "€1.35" in prices["label"]
    # The list: newest first, each with its date.
    assert prices["rows"][0].startswith("Since") and prices["rows"][0].endswith("€1.35"), prices["rows"]
    assert prices["rows"][1].endswith("€1.15"), prices["rows"]


def shoot(driver, name: str) -> None:
    wait_ready(driver)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    driver.execute_script("document.getElementById('toasts').replaceChildren(); document.activeElement?.blur();"
                          "window.scrollTo(0, 0)")
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{driver.size_name}-{name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_trips_screenshots(server, browser, size):
    weekly, ids = seed(server)
    for items in ((("Milk", 2), ("Eggs", 1)), (("Bread", 1), ("Milk", 1)), (("Eggs", 2),)):
        for name, quantity in items:
            put_in_cart(server, weekly, ids[name], quantity)
        assert server.api("POST", f"/api/v1/shopping-lists/{weekly}/finish").status == 200
    assert server.api("PATCH", f"/api/v1/catalogue/{ids['Milk']}", {"price": "1.29"}).status == 200
    driver = browser(size, path="/shopping/trips")
    wait_ready(driver, "trips")
    until(driver, lambda d: len(d.execute_script(TRIPS)) == 3, "three trips")
    until_js(driver, CHART, message="no spending chart")
    shoot(driver, "trips")
    violations = axe_violations(driver)
    assert not violations, describe(violations)

    driver.get(f"{driver.base_url}/shopping/items/{ids['Milk']}/edit")
    wait_ready(driver, "catalogueItemForm")
    until_js(driver, "const p = (() => {" + PRICES + "})(); return p && p.points.length === 2",
             message="the price history never showed two prices")
    driver.execute_script("document.querySelector('[data-testid=price-history]').scrollIntoView({block: 'center'})")
    settled(driver)
    path = SHOTS / f"{size}-price-history.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    violations = axe_violations(driver)
    assert not violations, describe(violations)
