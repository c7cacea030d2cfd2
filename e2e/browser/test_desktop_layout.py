"""The desktop layout (app/layout.css, app/sidebar.js): at 1024 px and wider, All Lists stays as
a sidebar beside the open list; narrower windows and phones keep the one-column layout.

Screenshots: docs/screenshots/desktop-sidebar-checklist.png, desktop-sidebar-dark.png and
desktop-layout-phone.png (the phone at 390×844, unchanged).
"""

from __future__ import annotations

from pathlib import Path

import helpers
from helpers import tid, until_js

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

GEOMETRY = """
const box = (el) => {
  if (!el || el.hidden || getComputedStyle(el).display === 'none') return null;
  const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};
};
return {
  sidebar: box(document.querySelector('[data-testid=sidebar]')),
  main: box(document.getElementById('main')),
  navbar: box(document.getElementById('navbar')),
  tabbar: box(document.getElementById('tabbar')),
  width: innerWidth,
};
"""

SIDEBAR_ROWS = """
return [...document.querySelectorAll('[data-testid=sidebar-list]')].map((a) => [
  a.querySelector('[data-testid=sidebar-list-name]').textContent,
  a.querySelector('[data-testid=sidebar-list-subtitle]').textContent,
  a.getAttribute('aria-current'),
]);
"""


def seed(server) -> dict[str, str]:
    ids = {}
    for name, icon, items in (("Groceries", "Groceries", ["Milk", "Bread", "Eggs"]),
                              ("Chores", "Chores", ["Vacuum the hall"]),
                              ("Trip to Lisbon", "Trips", [])):
        made = server.api("POST", "/api/v1/checklists", {"name": name, "icon": icon})
        assert made.status == 201, made.body
        ids[name] = (made.body.get("checklist") or made.body)["id"]
        for text in items:
            assert server.api("POST", f"/api/v1/checklists/{ids[name]}/items", {"text": text}).status == 201
    return ids


def resize(driver, width: int, height: int, mobile: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def shot(driver, name: str) -> None:
    helpers.settled(driver)
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / name))


def test_at_desktop_width_all_lists_stays_beside_the_open_list(server, browser):
    ids = seed(server)
    driver = browser("desktop", path=f"/lists/{ids['Groceries']}")
    helpers.wait_ready(driver, "list")
    until_js(driver, "return document.querySelectorAll('[data-testid=sidebar-list]').length === 4",
             message="the sidebar never listed the four lists")

    geometry = driver.execute_script(GEOMETRY)
    assert geometry["width"] == 1280
    sidebar, main = geometry["sidebar"], geometry["main"]
    assert sidebar is not None, "no sidebar at 1280 px"
    assert sidebar["right"] <= main["left"], f"the sidebar overlaps the list: {geometry}"
    assert sidebar["width"] >= 280
    assert main["width"] >= 500, f"the list is squeezed: {geometry}"
    assert geometry["navbar"]["left"] >= sidebar["right"] - 1, "the list's bar runs under the sidebar"
    rows = driver.execute_script(SIDEBAR_ROWS)
    # A new database starts with one empty "List"; All Lists' order (by name).
    assert rows == [["Chores", "1 Remaining", None], ["Groceries", "3 Remaining", "page"],
                    ["List", "(No Items)", None], ["Trip to Lisbon", "(No Items)", None]], rows
    assert helpers.item_texts(driver) == ["Milk", "Bread", "Eggs"]
    shot(driver, "desktop-sidebar-checklist.png")

    # A list opened from the sidebar replaces the open one; the sidebar stays, marking it.
    helpers.click(driver, f'{tid("sidebar-list")}[data-list-id="{ids["Chores"]}"]')
    helpers.wait_ready(driver, "list", f"/lists/{ids['Chores']}")
    until_js(driver, "return [...document.querySelectorAll('[data-testid=item-text]')].map(e => e.textContent).join() === 'Vacuum the hall'",
             message="Chores never opened from the sidebar")
    current = [row[0] for row in driver.execute_script(SIDEBAR_ROWS) if row[2] == "page"]
    assert current == ["Chores"]

    # Checking an item updates the sidebar's count, live.
    helpers.toggle(driver, "Vacuum the hall")
    until_js(driver, f"""return document.querySelector('[data-testid=sidebar-list][data-list-id="{ids["Chores"]}"] [data-testid=sidebar-list-subtitle]')?.textContent === 'All Done!'""",
             message="the sidebar's count never followed the check")

    # Back goes to All Lists, which is the main column itself: no sidebar beside it.
    helpers.back(driver, "lists")
    assert driver.execute_script(GEOMETRY)["sidebar"] is None

    helpers.goto(driver, f"/lists/{ids['Groceries']}", screen="list")
    helpers.set_dark(driver, True)
    until_js(driver, "return document.querySelectorAll('[data-testid=sidebar-list]').length === 4")
    shot(driver, "desktop-sidebar-dark.png")


def test_below_1024_px_and_on_phones_the_layout_is_one_column_as_before(server, browser):
    ids = seed(server)
    driver = browser("desktop", path=f"/lists/{ids['Groceries']}")
    helpers.wait_ready(driver, "list")
    resize(driver, 1000, 800, False)
    until_js(driver, "return innerWidth === 1000")
    assert driver.execute_script(GEOMETRY)["sidebar"] is None, "a sidebar below 1024 px"

    phone = browser("phone", path=f"/lists/{ids['Groceries']}")
    resize(phone, 390, 844, True)
    until_js(phone, "return innerWidth === 390")
    helpers.wait_ready(phone, "list")
    geometry = phone.execute_script(GEOMETRY)
    assert geometry["sidebar"] is None, "a sidebar on a phone"
    assert geometry["main"]["left"] == 0 and geometry["main"]["width"] == 390, geometry
    assert geometry["tabbar"]["bottom"] == 844 and geometry["tabbar"]["left"] == 0, "the tab bar left the bottom"
    assert helpers.item_texts(phone) == ["Milk", "Bread", "Eggs"]
    shot(phone, "desktop-layout-phone.png")
