"""The Shopping List in the shop's own order (issue 15): the lines to get under a heading per
category (aisle) in the picked shop's section order, "Other" last, the cart below; the shop
picker in the list's toolbar (a menu button, remembered per list); Edit order… with Move up /
Move down and dragging; an order set offline is sent once the phone is back online; and the
screenshots docs/screenshots/{phone,desktop}-shopping-aisles.png.
"""

from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from axe_helpers import axe_violations, describe
from helpers import click, element, press, settled, tid, until, until_equal, until_js, wait_ready
from shopping_helpers import catalogue_ids, create_list, open_shopping_list, set_offline, wait_lines
from store_helpers import run, until_store

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

# name, price, category (None: no category).
ITEMS = [
    ("Milk", "1.15", "Dairy"),
    ("Cheddar", "3.29", "Dairy"),
    ("Sourdough bread", "3.90", "Bakery"),
    ("Bananas", "1.89", "Fruit"),
    ("Apples", "2.49", "Fruit"),
    ("Tomatoes", "2.79", "Vegetables"),
    ("Coffee beans", "8.99", "Pantry"),
    ("Dish soap", "1.99", "Household"),
    ("Birthday card", None, None),
]
# The Weekly list: name, in the cart.
WEEKLY = [("Milk", False), ("Cheddar", False), ("Sourdough bread", False), ("Bananas", False), ("Apples", False),
          ("Tomatoes", False), ("Dish soap", False), ("Birthday card", False), ("Coffee beans", True)]
ALDI = ["Fruit", "Vegetables", "Bakery", "Dairy", "Pantry", "Household"]
MARKET = ["Bakery", "Dairy", "Vegetables", "Fruit"]

# The groups as a shopper reads them: (heading or None, [line names]) top to bottom, and
# whether each heading is a real <h2>.
GROUPS = """
return [...document.querySelectorAll('[data-testid=lines] > section')].map(section => {
  const heading = section.querySelector(':scope > h2');
  return [heading ? heading.textContent : null,
          [...section.querySelectorAll('[data-testid=line-row]')].map(li => li.dataset.itemName)];
});
"""


def groups(driver) -> list[tuple[str | None, list[str]]]:
    return [(heading, names) for heading, names in driver.execute_script(GROUPS)]


def headings(driver) -> list[str]:
    return [heading for heading, _ in groups(driver) if heading is not None]


def wait_headings(driver, expected: list[str], message: str = "the Shopping List's headings") -> None:
    until_equal(driver, headings, expected, message)


def seed(server) -> tuple[str, dict[str, str]]:
    """The catalogue, the Weekly list and two shops (Aldi, Farmers' market) with their orders."""
    for name, price, category in ITEMS:
        response = server.api("POST", "/api/v1/catalogue", {"name": name, "price": price, "category": category})
        assert response.status == 201, response.body
    ids = catalogue_ids(server)
    weekly = create_list(server, "Weekly")
    for name, in_cart in WEEKLY:
        entry = f"/api/v1/shopping-lists/{weekly}/entries/{ids[name]}"
        assert server.api("PUT", entry).status in (200, 201)
        if in_cart:
            assert server.api("PATCH", entry, {"inCart": True}).status == 200
    shops = {}
    for name, order in (("Aldi", ALDI), ("Farmers’ market", MARKET)):
        made = server.api("POST", "/api/v1/shops", {"name": name})
        assert made.status == 201, made.body
        ordered = server.api("PATCH", f"/api/v1/shops/{made.body['id']}", {"sections": order})
        assert ordered.status == 200, ordered.body
        shops[name] = made.body["id"]
    return weekly, shops


def server_shop(server, list_id: str) -> dict | None:
    return server.api("GET", f"/api/v1/shopping-lists/{list_id}").body["shop"]


def server_order(server, shop_id: str) -> list[str]:
    shop = server.api("GET", f"/api/v1/shops/{shop_id}").body
    return [section["category"] for section in shop["sections"]]


def until_server(driver, read, expected, message: str) -> None:
    until_equal(driver, lambda _: read(), expected, message)


PICKER = """
const button = document.querySelector('[data-testid=shop-picker]');
const menu = document.querySelector('[data-testid=shop-menu]');
return { name: document.querySelector('[data-testid=shop-name]').textContent, tag: button.tagName,
         haspopup: button.getAttribute('aria-haspopup'), expanded: button.getAttribute('aria-expanded'),
         controls: button.getAttribute('aria-controls') === menu.id, menuRole: menu.getAttribute('role'), open: !menu.hidden,
         options: [...menu.querySelectorAll('[data-testid=shop-option]')].map(o => [o.textContent, o.getAttribute('role'), o.getAttribute('aria-checked')]),
         focused: document.activeElement?.textContent ?? null };
"""


def picker(driver) -> dict:
    return driver.execute_script(PICKER)


def pick_shop(driver, name: str) -> None:
    """Opens the toolbar's shop menu and picks `name` with the pointer."""
    click(driver, tid("shop-picker"))
    until(driver, lambda d: picker(d)["open"], "the shop menu did not open")
    option = until(driver, lambda d: next((o for o in d.find_elements(By.CSS_SELECTOR, tid("shop-option"))
                                           if o.text == name), None), f"the shop menu has no {name!r}")
    option.click()
    until(driver, lambda d: picker(d)["name"] == name and not picker(d)["open"], f"{name!r} was not picked")


def open_edit_order(driver) -> None:
    click(driver, tid("shop-picker"))
    until(driver, lambda d: picker(d)["open"], "the shop menu did not open")
    click(driver, tid("edit-order"))
    element(driver, tid("section-order-sheet"))
    until_js(driver, "return document.querySelector('[data-testid=section-order-sheet]')?.dataset.loaded === 'true'")


def sheet_order(driver) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=section-row]')].map(li => li.dataset.category)")


def section_button(category: str, testid: str) -> str:
    return f'{tid("section-row", category=category)} {tid(testid)}'


def test_headings_follow_the_picked_shop_and_the_pick_is_remembered(server, browser):
    weekly, shops = seed(server)
    driver = browser("phone", path=None)
    open_shopping_list(driver, weekly)

    # No shop yet: categories by name, Other last, the cart below with its own heading.
    until_equal(driver, groups, [
        ("Bakery", ["Sourdough bread"]), ("Dairy", ["Cheddar", "Milk"]), ("Fruit", ["Apples", "Bananas"]),
        ("Household", ["Dish soap"]), ("Vegetables", ["Tomatoes"]), ("Other", ["Birthday card"]),
        ("In the Cart", ["Coffee beans"]),
    ], "the list without a shop")
    assert picker(driver)["name"] == "None"
    # Headings are real headings, one level under the screen's title.
    assert driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=aisle-heading], [data-testid=cart-heading]')]"
        ".every(h => h.tagName === 'H2')")

    # The picker is a menu button; its menu offers the shops, No shop, New shop… and Edit order….
    shown = picker(driver)
    assert (shown["tag"], shown["haspopup"], shown["expanded"], shown["controls"], shown["menuRole"]) == (
        "BUTTON", "menu", "false", True, "menu")
    pick_shop(driver, "Aldi")
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Dairy", "Household", "Other", "In the Cart"])
    assert groups(driver)[0] == ("Fruit", ["Apples", "Bananas"])
    until_server(driver, lambda: (server_shop(server, weekly) or {}).get("name"), "Aldi", "the list's shop on the server")

    # Remembered for the list: a reload (a new visit) shows it in Aldi's order.
    driver.refresh()
    wait_ready(driver, "shoppingList")
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Dairy", "Household", "Other", "In the Cart"])
    assert picker(driver)["name"] == "Aldi"

    # By keyboard: Enter opens the menu on the shop picked, Down moves, Enter picks.
    press(driver, tid("shop-picker"), Keys.ENTER)
    until(driver, lambda d: picker(d)["open"] and picker(d)["focused"] == "Aldi", "the menu did not focus Aldi")
    shown = picker(driver)
    assert shown["expanded"] == "true"
    assert shown["options"] == [["Aldi", "menuitemradio", "true"], ["Farmers’ market", "menuitemradio", "false"],
                                ["No shop", "menuitemradio", "false"]]
    violations = axe_violations(driver)
    assert not violations, describe(violations)
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    until(driver, lambda d: picker(d)["focused"] == "Farmers’ market")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_headings(driver, ["Bakery", "Dairy", "Vegetables", "Fruit", "Household", "Other", "In the Cart"])
    assert driver.execute_script("return document.activeElement?.dataset.testid") == "shop-picker"
    until_server(driver, lambda: (server_shop(server, weekly) or {}).get("name"), "Farmers’ market",
                 "the list's shop on the server")
    # Escape closes the menu and gives the focus back to the button.
    press(driver, tid("shop-picker"), Keys.ENTER)
    until(driver, lambda d: picker(d)["open"])
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    until(driver, lambda d: not picker(d)["open"])
    assert driver.execute_script("return document.activeElement?.dataset.testid") == "shop-picker"

    # A new shop from the menu: made, picked, and the list keeps its own order until it has one.
    click(driver, tid("shop-picker"))
    click(driver, tid("new-shop"))
    element(driver, tid("new-shop-sheet"))
    element(driver, tid("new-shop-input")).send_keys("Corner shop", Keys.ENTER)
    until(driver, lambda d: picker(d)["name"] == "Corner shop", "the new shop was not picked")
    wait_headings(driver, ["Bakery", "Dairy", "Fruit", "Household", "Vegetables", "Other", "In the Cart"])
    until_server(driver, lambda: (server_shop(server, weekly) or {}).get("name"), "Corner shop",
                 "the new shop on the server")
    names = sorted(shop["name"] for shop in server.api("GET", "/api/v1/shops").body["shops"])
    assert names == ["Aldi", "Corner shop", "Farmers’ market"]


def test_move_up_and_drag_reorder_the_sections_and_it_survives_a_reload(server, browser):
    weekly, shops = seed(server)
    assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/shop", {"shopID": shops["Aldi"]}).status == 200
    driver = browser("desktop", path=None)
    open_shopping_list(driver, weekly)
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Dairy", "Household", "Other", "In the Cart"])

    open_edit_order(driver)
    assert sheet_order(driver) == ALDI
    # Move up by keyboard: Dairy goes before Bakery; the focus stays on Dairy's Move up.
    press(driver, section_button("Dairy", "section-up"), Keys.ENTER)
    until_equal(driver, sheet_order, ["Fruit", "Vegetables", "Dairy", "Bakery", "Pantry", "Household"], "the sheet")
    assert driver.execute_script(
        "return document.activeElement?.getAttribute('aria-label')") == "Move Dairy up"
    # The list under the sheet follows at once.
    wait_headings(driver, ["Fruit", "Vegetables", "Dairy", "Bakery", "Household", "Other", "In the Cart"])
    # The first one's Move up does nothing (and says so to assistive technology).
    assert element(driver, section_button("Fruit", "section-up")).get_attribute("aria-disabled") == "true"
    violations = axe_violations(driver)
    assert not violations, describe(violations)

    # Drag by the handle: Household to the top.
    handle = element(driver, section_button("Household", "section-handle"))
    top = element(driver, tid("section-row", category="Fruit"))
    ActionChains(driver).click_and_hold(handle).move_by_offset(0, -10).pause(0.05) \
        .move_to_element_with_offset(top, 0, -top.size["height"] // 2 + 2).pause(0.05).release().perform()
    expected = ["Household", "Fruit", "Vegetables", "Dairy", "Bakery", "Pantry"]
    until_equal(driver, sheet_order, expected, "the sheet after dragging Household to the top")
    click(driver, tid("section-order-done"))
    until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, tid("section-order-sheet")))
    assert driver.execute_script("return document.activeElement?.dataset.testid") == "shop-picker"
    wait_headings(driver, ["Household", "Fruit", "Vegetables", "Dairy", "Bakery", "Other", "In the Cart"])
    until_server(driver, lambda: server_order(server, shops["Aldi"]), expected, "Aldi's order on the server")

    driver.refresh()
    wait_ready(driver, "shoppingList")
    wait_headings(driver, ["Household", "Fruit", "Vegetables", "Dairy", "Bakery", "Other", "In the Cart"])


def test_an_order_set_offline_is_sent_once_back_online(server, browser):
    weekly, shops = seed(server)
    assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/shop", {"shopID": shops["Aldi"]}).status == 200
    revision = server.api("GET", f"/api/v1/shops/{shops['Aldi']}").body["revision"]
    driver = browser("phone", path=None)
    open_shopping_list(driver, weekly)
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Dairy", "Household", "Other", "In the Cart"])
    until_js(driver, "return navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)",
             message="the service worker never took the page (the offline shell)")

    browser.allow_console(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|/api/v1/")
    set_offline(driver, True)
    until_js(driver, "return navigator.onLine === false")
    open_edit_order(driver)
    # Two moves while offline: Household up twice.
    press(driver, section_button("Household", "section-up"), Keys.ENTER)
    until_equal(driver, sheet_order, ["Fruit", "Vegetables", "Bakery", "Dairy", "Household", "Pantry"], "the sheet")
    press(driver, section_button("Household", "section-up"), Keys.ENTER)
    expected = ["Fruit", "Vegetables", "Bakery", "Household", "Dairy", "Pantry"]
    until_equal(driver, sheet_order, expected, "the sheet")
    click(driver, tid("section-order-done"))
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Household", "Dairy", "Other", "In the Cart"])
    assert server_order(server, shops["Aldi"]) == ALDI, "the order reached the server while offline"
    # One edit waits (quick moves of one shop are one change); a reload offline still shows it.
    assert run(driver, "return store.pendingCount();") == 1
    driver.refresh()
    wait_ready(driver, "shoppingList", f"/shopping/lists/{weekly}")
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Household", "Dairy", "Other", "In the Cart"])

    set_offline(driver, False)
    until_server(driver, lambda: server_order(server, shops["Aldi"]), expected, "Aldi's order once back online")
    until_store(driver, "store.pendingCount() === 0", message="the order never left the outbox")
    # Sent once: one PATCH for both moves (each changes the shop's revision by one).
    assert server.api("GET", f"/api/v1/shops/{shops['Aldi']}").body["revision"] == revision + 1
    assert run(driver, "return store._internal.outbox.sent;") == 1
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Household", "Dairy", "Other", "In the Cart"])


def shoot(driver, name: str) -> None:
    """Saves the viewport once the screen is drawn and still, without hover, focus or toasts."""
    wait_ready(driver)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    driver.execute_script("document.getElementById('toasts').replaceChildren(); document.activeElement?.blur();"
                          "window.scrollTo(0, 0)")
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{driver.size_name}-shopping-{name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_aisles_screenshots(server, browser, size):
    weekly, shops = seed(server)
    assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/shop", {"shopID": shops["Aldi"]}).status == 200
    driver = browser(size, path=None)
    open_shopping_list(driver, weekly)
    wait_headings(driver, ["Fruit", "Vegetables", "Bakery", "Dairy", "Household", "Other", "In the Cart"])
    wait_lines(driver, [("Apples", False, "1"), ("Bananas", False, "1"), ("Tomatoes", False, "1"),
                        ("Sourdough bread", False, "1"), ("Cheddar", False, "1"), ("Milk", False, "1"),
                        ("Dish soap", False, "1"), ("Birthday card", False, "1"), ("Coffee beans", True, "1")])
    shoot(driver, "aisles")


class TestASharedList:
    """A list someone shared: the owner's shops, picked by someone who may check things off."""

    @pytest.fixture
    def server(self, accounts_server):
        return accounts_server

    def test_a_checker_picks_among_the_owners_shops(self, server, browser):
        from accounts_helpers import sign_in

        for name, category in (("Milk", "Dairy"), ("Bananas", "Fruit"), ("Rye bread", "Bakery")):
            made = server.api("POST", "/api/v1/catalogue", {"name": name, "category": category}, user="alice")
            assert made.status == 201, made.body
            server.cli("--user", "alice", "shop", "add", name)
        lists = server.api("GET", "/api/v1/shopping-lists", user="alice").body["lists"]
        alice_list = next(entry["id"] for entry in lists if "owner" not in entry)
        assert server.api("PUT", f"/api/v1/shares/{alice_list}/bob", {"role": "checker"}, user="alice").status == 200
        aldi = server.api("POST", "/api/v1/shops", {"name": "Aldi"}, user="alice").body["id"]
        ordered = server.api("PATCH", f"/api/v1/shops/{aldi}", {"sections": ["Fruit", "Dairy", "Bakery"]}, user="alice")
        assert ordered.status == 200, ordered.body

        bob = browser("phone", path=None)
        sign_in(bob, "bob", next_path=f"/shopping/lists/{alice_list}", screen="shoppingList")
        wait_headings(bob, ["Bakery", "Dairy", "Fruit"])
        pick_shop(bob, "Aldi")
        wait_headings(bob, ["Fruit", "Dairy", "Bakery"])
        # Only the owner makes shops or sets their order.
        click(bob, tid("shop-picker"))
        until(bob, lambda d: picker(d)["open"])
        assert not bob.find_elements(By.CSS_SELECTOR, tid("new-shop"))
        assert not bob.find_elements(By.CSS_SELECTOR, tid("edit-order"))
        until_server(bob, lambda: (server.api("GET", f"/api/v1/shopping-lists/{alice_list}", user="alice").body["shop"]
                                   or {}).get("name"), "Aldi", "the shop alice's list is shopped in")
