"""Smart lists, search and templates in the browser (issue 14 §2, §3): the counts on All Lists
follow another client's edits live; Today, Scheduled and Flagged show the right items and check
them through the outbox; search finds "creme" in "Crème brûlée" in the user's lists, a list shared
with them and the catalogue, grouped; a list saved as a template starts again with its due dates
shifted. Screenshots at phone (390×844) and desktop (1280×800) size: docs/screenshots/smart-*.png,
search-*.png, templates-*.png.

Every date here is days away from now (never "later today"), so a run near midnight sees the
same lists.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from selenium.webdriver.common.keys import Keys

from accounts_helpers import sign_in
from helpers import click, element, path, settled, tid, title, type_text, until, until_equal, wait_ready

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"


def iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def days_from_now(days: float) -> str:
    return iso(dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=days))


def add_list(server, name: str, icon: str = "Folder", user: str | None = None) -> str:
    answer = server.api("POST", "/api/v1/checklists", {"name": name, "icon": icon}, user=user)
    assert answer.status == 201, answer.body
    return answer.body["id"]


def add_item(server, list_id: str, text: str, user: str | None = None, **fields) -> str:
    answer = server.api("POST", f"/api/v1/checklists/{list_id}/items", {"text": text, **fields}, user=user)
    assert answer.status == 201, answer.body
    return answer.body["id"]


def patch_item(server, item_id: str, user: str | None = None, **fields) -> dict:
    answer = server.api("PATCH", f"/api/v1/items/{item_id}", fields, user=user)
    assert answer.status == 200, answer.body
    return answer.body


def tile_counts(driver) -> dict:
    """All Lists' smart-list tiles as the user reads them: name → count shown."""
    return driver.execute_script("""
return Object.fromEntries([...document.querySelectorAll('[data-testid=smart-tile]')].map(b => [
  b.querySelector('[data-testid=smart-name]').textContent, b.querySelector('[data-testid=smart-count]').textContent]));
""")


def smart_groups(driver) -> list[tuple[str, list[tuple[str, str]]]]:
    """A smart list's groups as shown: (heading, [(item text, its list's name)])."""
    groups = driver.execute_script("""
return [...document.querySelectorAll('[data-testid=smart-group]')].map(g => [
  g.querySelector('h2').textContent,
  [...g.querySelectorAll('[data-testid=smart-row]')].map(r => [
    r.querySelector('.item-text').textContent, r.querySelector('[data-testid=smart-row-list]').textContent])]);
""")
    return [(heading, [tuple(row) for row in rows]) for heading, rows in groups]


def search_groups(driver) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """Search results as shown: (group heading, [(result text, [marked parts])])."""
    groups = driver.execute_script("""
return [...document.querySelectorAll('[data-testid=search-group]')].map(g => [
  g.querySelector('[data-testid=search-group-title]').textContent,
  [...g.querySelectorAll('[data-testid=search-result-text]')].map(t => [
    t.textContent, [...t.querySelectorAll('mark')].map(m => m.textContent)])]);
""")
    return [(heading, [(text, marks) for text, marks in rows]) for heading, rows in groups]


def open_smart(driver, kind: str) -> None:
    click(driver, tid("smart-tile", kind=kind))
    wait_ready(driver, None, f"/smart/{kind}")
    until(driver, lambda d: d.find_elements("css selector", tid("smart-groups")), f"{kind} never showed")


def to_all_lists(driver) -> None:
    click(driver, tid("back"))
    wait_ready(driver, "lists", "/")


def phone_size(driver) -> None:
    """The issue's phone size, 390×844 (conftest's phone is 375×667)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})


def shoot(driver, name: str) -> None:
    settled(driver)
    driver.execute_script("document.activeElement?.blur?.()")
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / name))


# MARK: - Smart lists


def test_counts_follow_another_client_and_smart_lists_show_their_items(server, browser):
    home = add_list(server, "Home", "Chores")
    trip = add_list(server, "Trip", "Trips")
    add_item(server, home, "Pay rent", dueDate=days_from_now(-2))
    plants = add_item(server, home, "Water the plants", dueDate=days_from_now(3))
    passport = add_item(server, trip, "Renew passport", flagged=True)
    add_item(server, trip, "Book hotel")
    add_item(server, trip, "Old ticket", dueDate=days_from_now(-1), checked=True)  # checked: in none

    driver = browser("desktop")
    wait_ready(driver, "lists", "/")
    expected = {"Today": "1", "Scheduled": "2", "Overdue": "1", "Flagged": "1", "All": "4"}
    until_equal(driver, tile_counts, expected, "the smart lists' first counts")

    # Another client gives an item a due date, and flags another: the counts follow at once.
    patch_item(server, passport, dueDate=days_from_now(-1))
    until_equal(driver, tile_counts, {**expected, "Today": "2", "Scheduled": "3", "Overdue": "2"},
                "counts after a due date from another client")
    patch_item(server, plants, flagged=True)
    until_equal(driver, tile_counts, {"Today": "2", "Scheduled": "3", "Overdue": "2", "Flagged": "2", "All": "4"},
                "counts after a flag from another client")

    # Today: what is due before the end of today (overdue too), by list, each row naming its list.
    open_smart(driver, "today")
    assert title(driver) == "Today"
    until_equal(driver, smart_groups, [("Home", [("Pay rent", "Home")]), ("Trip", [("Renew passport", "Trip")])],
                "Today's items")
    to_all_lists(driver)

    # Scheduled: by day, overdue ones first.
    open_smart(driver, "scheduled")
    groups = until(driver, lambda d: smart_groups(d) if len(smart_groups(d)) == 2 else None, "Scheduled's two groups")
    assert groups[0] == ("Overdue", [("Pay rent", "Home"), ("Renew passport", "Trip")])
    assert groups[1][1] == [("Water the plants", "Home")]
    day = (dt.datetime.now() + dt.timedelta(days=3)).strftime("%A")
    assert day in groups[1][0], f"the day heading {groups[1][0]!r} names {day}"
    to_all_lists(driver)

    # Flagged: by list.
    open_smart(driver, "flagged")
    until_equal(driver, smart_groups, [("Home", [("Water the plants", "Home")]), ("Trip", [("Renew passport", "Trip")])],
                "Flagged's items")

    # Checking one here goes through the outbox to the server; the counts follow.
    row = tid("smart-row", item_id=passport)
    click(driver, f"{row} {tid('smart-toggle')}")
    until_equal(driver, lambda d: d.find_element("css selector", row).get_attribute("data-checked"), "true",
                "the row shows ticked")
    until(driver, lambda d: server.api("GET", f"/api/v1/items/{passport}").body["checked"] is True,
          "the check never reached the server")
    # Tapping a row opens its list.
    click(driver, f'{tid("smart-row", item_id=plants)} {tid("smart-open")}')
    wait_ready(driver, "list", f"/lists/{home}")
    until_equal(driver, title, "Home", "the row's list opens")
    driver.back()
    wait_ready(driver, None, "/smart/flagged")
    driver.back()
    wait_ready(driver, "lists", "/")
    until_equal(driver, tile_counts, {"Today": "1", "Scheduled": "2", "Overdue": "1", "Flagged": "1", "All": "3"},
                "counts after checking one off")


def test_smart_screenshots(server, browser):
    home = add_list(server, "Home", "Chores")
    groceries = add_list(server, "Groceries", "Groceries")
    trip = add_list(server, "Weekend in Lisbon", "Trips")
    add_item(server, home, "Pay the electricity bill", dueDate=days_from_now(-1), flagged=True)
    add_item(server, home, "Water the plants", dueDate=days_from_now(1))
    add_item(server, groceries, "Milk", dueDate=days_from_now(-0.1))
    add_item(server, groceries, "Coffee beans", flagged=True)
    add_item(server, trip, "Book the airport taxi", dueDate=days_from_now(2))
    add_item(server, trip, "Passport", dueDate=days_from_now(4), flagged=True)
    for size in ("phone", "desktop"):
        driver = browser(size)
        if size == "phone":
            phone_size(driver)
        wait_ready(driver, "lists", "/")
        until(driver, lambda d: tile_counts(d).get("All") == "6", "counts never showed")
        shoot(driver, f"smart-all-lists-{size}.png")
        open_smart(driver, "today")
        until(driver, lambda d: len(smart_groups(d)) == 2, "Today never showed")
        shoot(driver, f"smart-today-{size}.png")
        to_all_lists(driver)
        open_smart(driver, "scheduled")
        until(driver, lambda d: len(smart_groups(d)) >= 3, "Scheduled never showed")
        shoot(driver, f"smart-scheduled-{size}.png")


# MARK: - Search


def test_search_finds_creme_across_lists_a_shared_list_and_the_catalogue(accounts_server, request):
    from conftest import Browsers

    server = accounts_server
    desserts = add_list(server, "Desserts", "Birthdays", user="alice")
    party = add_list(server, "Party", "Drinks", user="alice")
    add_item(server, desserts, "Crème brûlée", user="alice")
    add_item(server, desserts, "Cream cheese", user="alice")  # "cream" is not "creme"
    add_item(server, party, "Buy ramekins", user="alice", notes="For the crème brûlée")
    add_item(server, party, "Balloons", user="alice")
    bobs = add_list(server, "Bob's menu", "Folder", user="bob")
    add_item(server, bobs, "CREME BRULEE for eight", user="bob")
    assert server.api("PUT", f"/api/v1/shares/{bobs}/alice", {"role": "viewer"}, user="bob").status in (200, 201)
    assert server.api("POST", "/api/v1/catalogue", {"name": "Crème fraîche"}, user="alice").status in (200, 201)

    browsers = Browsers(server, request)
    try:
        for size in ("desktop", "phone"):
            driver = browsers(size, path=None)
            if size == "phone":
                phone_size(driver)
            sign_in(driver, "alice", screen="lists")
            type_text(driver, tid("lists-search"), "creme")
            element(driver, tid("lists-search")).send_keys(Keys.ENTER)
            wait_ready(driver, None, "/search")
            assert driver.execute_script("return location.search") == "?q=creme"
            until_equal(driver, search_groups, [
                ("Bob's menu", [("CREME BRULEE for eight", ["CREME"])]),
                ("Desserts", [("Crème brûlée", ["Crème"])]),
                ("Party", [("Buy ramekins", [])]),
                ("Catalogue", [("Crème fraîche", ["Crème"])]),
            ], "search results grouped by list, then the catalogue")
            notes = driver.execute_script(
                "return [...document.querySelectorAll('[data-testid=search-result-notes] mark')].map(m => m.textContent)")
            assert notes == ["crème"], "the match in the notes is marked"
            # Two words: each must start a word.
            type_text(driver, tid("search-input"), "bru cre")
            until_equal(driver, lambda d: [g for g, _ in search_groups(d)], ["Bob's menu", "Desserts", "Party"],
                        "a two-word search")
            type_text(driver, tid("search-input"), "creme")
            until(driver, lambda d: len(search_groups(d)) == 4, "back to four groups")
            shoot(driver, f"search-{size}.png")
            # A result opens its list.
            click(driver, f'{tid("search-group", list_id=desserts)} {tid("search-open")}')
            wait_ready(driver, "list", f"/lists/{desserts}")
            until_equal(driver, title, "Desserts", "the result's list opens")
        bad = browsers.severe()
        assert not bad, bad
    finally:
        if getattr(request.node, "rep_call", None) and request.node.rep_call.failed:
            browsers.save_artifacts(request.node.name)
        browsers.quit()


# MARK: - Templates


def test_a_list_saved_as_a_template_starts_again_with_shifted_due_dates(server, browser):
    packing = add_list(server, "Packing", "Trips")
    today = dt.date.today()
    start_of_today = dt.datetime.combine(today, dt.time()).astimezone()
    add_item(server, packing, "Passport", dueDate=iso(start_of_today + dt.timedelta(days=1, hours=9)))
    add_item(server, packing, "Chargers", checked=True)
    add_item(server, packing, "Sunscreen", flagged=True)

    driver = browser("desktop")
    wait_ready(driver, "lists", "/")
    click(driver, f'{tid("list-row", list_name="Packing")} {tid("open-list")}')
    wait_ready(driver, "list", f"/lists/{packing}")
    click(driver, tid("list-menu"))
    click(driver, tid("save-template"))
    until(driver, lambda d: "Saved “Packing” as a template." in d.find_element("css selector", tid("toasts")).text,
          "no toast for the saved template")
    saved = server.api("GET", "/api/v1/templates").body["templates"]
    assert [(t["name"], t["itemCount"]) for t in saved] == [("Packing", 3)]

    # All Lists → New from Template → the template → a name and a start a week from now.
    click(driver, tid("back"))
    wait_ready(driver, "lists", "/")
    click(driver, tid("new-from-template"))
    wait_ready(driver, None, "/templates")
    until_equal(driver, title, "Templates", "the Templates screen")
    until_equal(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-testid=template-row]')].map(r => r.dataset.templateName + ': '"
        " + r.querySelector('[data-testid=template-count]').textContent)"), ["Packing: 3 items"], "the template's row")
    shoot(driver, "templates-desktop.png")
    click(driver, f'{tid("template-row", template_name="Packing")} {tid("start-template")}')
    start = today + dt.timedelta(days=7)
    type_text(driver, tid("start-name"), "Lisbon packing")
    driver.execute_script("arguments[0].value = arguments[1]", element(driver, tid("start-date")), start.isoformat())
    shoot(driver, "templates-start-desktop.png")
    click(driver, tid("start-confirm"))
    wait_ready(driver, "list")
    until_equal(driver, title, "Lisbon packing", "the new list opens")
    new_id = path(driver).split("/")[2]
    items = server.api("GET", f"/api/v1/checklists/{new_id}").body["items"]
    assert [(i["text"], i["checked"]) for i in items] == [("Passport", False), ("Chargers", False), ("Sunscreen", False)]
    shifted = dt.datetime.combine(start, dt.time()).astimezone() + dt.timedelta(days=1, hours=9)
    assert items[0]["dueDate"] == iso(shifted), "the due date moves with the start day"
    assert items[2]["flagged"] is True

    # Deleting the template leaves the list.
    click(driver, tid("back"))
    wait_ready(driver, "lists", "/")
    click(driver, tid("new-from-template"))
    wait_ready(driver, None, "/templates")
    click(driver, tid("edit-mode"))
    click(driver, f'{tid("template-row", template_name="Packing")} {tid("delete-template")}')
    click(driver, tid("confirm-ok"))
    element(driver, tid("templates-empty"))
    assert server.api("GET", "/api/v1/templates").body["templates"] == []
    assert server.api("GET", f"/api/v1/checklists/{new_id}").status == 200

    phone = browser("phone", path=None)
    phone_size(phone)
    phone.get(server.url + "/")
    wait_ready(phone, "lists", "/")
    click(phone, f'{tid("list-row", list_name="Packing")} {tid("open-list")}')
    wait_ready(phone, "list")
    click(phone, tid("list-menu"))
    click(phone, tid("save-template"))
    until(phone, lambda d: "as a template" in d.find_element("css selector", tid("toasts")).text, "no toast")
    click(phone, tid("back"))
    wait_ready(phone, "lists", "/")
    click(phone, tid("new-from-template"))
    wait_ready(phone, None, "/templates")
    element(phone, tid("template-row"))
    shoot(phone, "templates-phone.png")
