"""The family walkthrough of issue 15 ("Done when"): the owner sends an invite link, the other
person opens it, creates an account and lands in the shared shopping list; both shop in one shop
whose section order was learned from earlier trips; the trip appears in the history with the
right total. Screenshots at phone and desktop size: docs/screenshots/family-*.png.

alice (the owner) shops on a desktop browser, carol (new, invited) on a phone. The earlier trips
are made through the API, as alice: three walks through "Corner Market" in the same order, which
is not the alphabetical one, so the headings' order on the screen can only be the learned one.
"""

import uuid
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accounts_helpers import account_name, sign_in
from helpers import click, element, settled, tid, type_text, until, until_equal, wait_ready
from shopping_helpers import line_view, toggle_line, wait_lines

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
SIGNED_OUT = r"/api/v1/session - Failed to load resource: the server responded with a status of 401"

# alice's catalogue: name → (price, category).
ITEMS = {
    "Apples": ("2.99", "Produce"),
    "Bananas": ("1.49", "Produce"),
    "Bread": ("2.50", "Bakery"),
    "Milk": ("1.15", "Dairy"),
    "Cheese": ("3.40", "Dairy"),
    "Pasta": ("0.99", "Pantry"),
}
# How alice walks through Corner Market: Produce, Bakery, Dairy, Pantry (alphabetical would be
# Bakery, Dairy, Pantry, Produce), and inside them Bananas before Apples, Milk before Cheese.
WALK = ["Bananas", "Apples", "Bread", "Milk", "Cheese", "Pasta"]
LEARNED_SECTIONS = ["Produce", "Bakery", "Dairy", "Pantry"]
# Today: two of Milk. 2.99 + 1.49 + 2.50 + 2 × 1.15 + 3.40 + 0.99 = 13.67
TODAY_TOTAL = "€13.67"


@pytest.fixture
def server(accounts_server):
    return accounts_server


def shoot(driver, name: str) -> None:
    """docs/screenshots/family-<name>-<size>.png, once the page is still, without hover or focus."""
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    driver.execute_script("document.getElementById('toasts')?.replaceChildren(); document.activeElement?.blur();")
    settled(driver)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"family-{name}-{driver.size_name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"


def ok(answer, *statuses):
    assert answer.status in (statuses or (200, 201)), f"{answer.status}: {answer.body}"
    return answer.body


# MARK: - What the screens show (W1's aisle headings, W2's Trips screen)

HEADINGS = """
return [...document.querySelectorAll('[data-testid=lines] [data-testid=aisle-heading]')]
  .filter(el => el.checkVisibility()).map(el => el.dataset.category ?? el.textContent.trim());
"""


def headings(driver) -> list[str]:
    """The Shopping List screen's section headings, top to bottom."""
    return driver.execute_script(HEADINGS)


def picked_shop(driver) -> str | None:
    """The shop the toolbar's picker names."""
    return driver.execute_script("return document.querySelector('[data-testid=shop-name]')?.textContent ?? null")


TRIPS = """
return [...document.querySelectorAll('[data-testid=trip-row]')].map(row => ({
  shop: row.querySelector('[data-testid=trip-shop]')?.textContent ?? '',
  total: row.querySelector('[data-testid=trip-total]')?.textContent ?? '',
}));
"""


def trip_rows(driver) -> list[dict]:
    return driver.execute_script(TRIPS)


# MARK: - The earlier trips, through the API


def seed(server) -> dict:
    """alice's catalogue, her shop, and three trips through it along WALK; returns the ids."""
    api = lambda method, path, body=None: server.api(method, path, body, user="alice")  # noqa: E731
    lists = ok(api("GET", "/api/v1/shopping-lists"))["lists"]
    own = [entry for entry in lists if "owner" not in entry]
    list_id = own[0]["id"] if own else ok(api("POST", "/api/v1/shopping-lists", {"name": "Shopping List"}))["id"]
    # (A catalogue that was seeded with the tutorial's items already has a Bread: given the details.)
    have = {item["name"]: item["id"] for item in ok(api("GET", "/api/v1/catalogue"))["items"]}
    items = {}
    for name, (price, category) in ITEMS.items():
        details = {"price": price, "category": category}
        if name in have:
            items[name] = ok(api("PATCH", f"/api/v1/catalogue/{have[name]}", details))["id"]
        else:
            items[name] = ok(api("POST", "/api/v1/catalogue", {"name": name, **details}))["id"]
    shop = ok(api("POST", "/api/v1/shops", {"name": "Corner Market", "clientID": str(uuid.uuid4()).upper()}))
    ok(api("PUT", f"/api/v1/shopping-lists/{list_id}/shop", {"shopID": shop["id"]}))
    for _ in range(3):
        for name in WALK:
            ok(api("PUT", f"/api/v1/shopping-lists/{list_id}/entries/{items[name]}"))
        for name in WALK:
            ok(api("PATCH", f"/api/v1/shopping-lists/{list_id}/entries/{items[name]}", {"inCart": True}))
        finished = ok(api("POST", f"/api/v1/shopping-lists/{list_id}/finish", {"clientID": str(uuid.uuid4()).upper()}))
        assert finished["trip"]["shop"]["name"] == "Corner Market", finished
    learned = ok(api("GET", f"/api/v1/shops/{shop['id']}"))
    assert [s["category"] for s in learned["sections"] if s["category"] in LEARNED_SECTIONS] == LEARNED_SECTIONS, learned
    assert len(ok(api("GET", f"/api/v1/trips?list={list_id}"))["trips"]) == 3
    # Today's list, put on by alice before she invites carol.
    for name in sorted(ITEMS):
        body = {"quantity": 2} if name == "Milk" else None
        ok(api("PUT", f"/api/v1/shopping-lists/{list_id}/entries/{items[name]}", body))
    return {"list": list_id, "shop": shop["id"], "items": items}


# MARK: - The walkthrough


def test_family_shops_together_after_an_invite_link(server, browser):
    browser.allow_console(SIGNED_OUT)
    ids = seed(server)
    list_id = ids["list"]
    to_get = [(name, False, "2" if name == "Milk" else "1") for name in WALK]

    # alice, on her computer, sees today's list in the learned order and makes an invite link.
    alice = browser("desktop", path=None)
    sign_in(alice, "alice")
    alice.get(f"{server.url}/shopping/lists/{list_id}")
    wait_ready(alice, "shoppingList", f"/shopping/lists/{list_id}")
    wait_lines(alice, to_get, "alice's list in Corner Market's learned order")
    until_equal(alice, headings, LEARNED_SECTIONS, "alice's section headings")
    until_equal(alice, picked_shop, "Corner Market", "the shop picked for the list")
    click(alice, tid("share-list"))
    until(alice, lambda d: d.execute_script(
        "return document.querySelector('[data-testid=invite-section]')?.dataset.loaded === 'true'"),
        "the Share sheet's links never loaded")
    Select(element(alice, tid("invite-role"))).select_by_value("editor")
    Select(element(alice, tid("invite-uses"))).select_by_value("1")
    click(alice, tid("invite-make"))
    url = until(alice, lambda d: d.execute_script("return document.querySelector('[data-testid=invite-url]')?.value"),
                "no invite link was shown")
    shoot(alice, "share")
    click(alice, tid("share-done"))

    # The link, as it looks on a computer (opening it uses nothing up)…
    preview = browser("desktop", path=None)
    preview.get(url)
    until(preview, lambda d: d.execute_script(
        "return document.querySelector('[data-testid=invite-page]')?.dataset.ready === 'true'"))
    assert element(preview, tid("invite-title")).text == "alice invites you to “Shopping List”"
    shoot(preview, "invite")

    # …and on carol's phone, where she creates her account and lands in the shared list.
    carol = browser("phone", path=None)
    carol.get(url)
    assert element(carol, tid("invite-title")).text == "alice invites you to “Shopping List”"
    shoot(carol, "invite")
    type_text(carol, tid("invite-username"), "carol")
    type_text(carol, tid("invite-password"), "carol-password")
    click(carol, tid("invite-create"))
    wait_ready(carol, "shoppingList", f"/shopping/lists/{list_id}")
    until_equal(carol, account_name, "carol", "carol's name in the tab bar")
    wait_lines(carol, to_get, "carol's view of the shared list, in the shop's learned order")
    until_equal(carol, headings, LEARNED_SECTIONS, "carol's section headings")
    until_equal(carol, picked_shop, "Corner Market", "the list's shop, as carol sees it (alice's shop)")
    shoot(carol, "list")

    # Both shop at once: carol takes the produce and the bread, alice the rest; each sees the other.
    for name in ("Bananas", "Apples", "Bread"):
        toggle_line(carol, name)
    for name in ("Milk", "Cheese"):
        toggle_line(alice, name)
    in_cart = {"Bananas", "Apples", "Bread", "Milk", "Cheese"}
    expected = [("Pasta", False, "1")] + [(n, True, "2" if n == "Milk" else "1") for n in WALK if n in in_cart]
    wait_lines(alice, expected, "alice sees carol's cart (live)")
    wait_lines(carol, expected, "carol sees alice's cart (live)")
    shoot(alice, "list")
    toggle_line(carol, "Pasta")

    # carol finishes the trip (checker and up may): it is saved with the right total.
    click(carol, tid("finish-shopping"))
    click(carol, tid("confirm-ok"))
    until(carol, lambda d: TODAY_TOTAL in (d.find_element(By.ID, "toasts").text or ""),
          f"finishing never said the trip's total {TODAY_TOTAL}")
    wait_lines(alice, [], "the finished list on alice's screen")

    trips = ok(server.api("GET", f"/api/v1/trips?list={list_id}", user="alice"))["trips"]
    assert len(trips) == 4, trips
    newest = trips[0]
    assert newest["shop"]["name"] == "Corner Market"
    assert [t["formatted"] for t in newest["totals"]] == [TODAY_TOTAL], newest["totals"]
    assert [line["name"] for line in newest["lines"]] == WALK, newest["lines"]
    # carol, a member, sees the same trip in her history.
    assert ok(server.api("GET", f"/api/v1/trips?list={list_id}", user="carol"))["trips"][0]["id"] == newest["id"]

    # The Trips screen on both: the newest trip first, with its shop and total.
    for driver in (alice, carol):
        driver.get(f"{server.url}/shopping/trips")
        wait_ready(driver, None, "/shopping/trips")
        until(driver, lambda d: (trip_rows(d) or [{}])[0].get("total") == TODAY_TOTAL,
              f"the Trips screen never showed {TODAY_TOTAL} first")
        assert trip_rows(driver)[0]["shop"] == "Corner Market"
        shoot(driver, "trips")
