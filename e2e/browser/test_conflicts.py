"""Two devices editing the same thing: a save that meets someone else's change (412) shows the
conflict instead of overwriting it, and checkmarks are sent as the state the person sees (PATCH
{"checked": …}), never as flips.

Checklists save through the outbox (issue 12): the form goes back at once and the conflict shows
under the item's (or list's) row, with Keep mine / Keep theirs. The Shopping tab's forms still
show theirs on the field (conflict, Use theirs).

The other phone is a raw HTTP client on the same server (`server.api`); this phone is Chromium.
"""

from pathlib import Path

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    click, element, goto, item_row, item_selector, item_texts, open_list, press, settled, tid, type_text, until,
    until_equal, wait_ready,
)
from shopping_helpers import create_list, line_selector, line_view, open_shopping_list

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
ALLOW_412 = r"Failed to load resource: .*status of 412"

# Run before the app: no live updates (a phone whose event stream is down, so its page stays
# stale), and every request the page sends is written down.
STALE_AND_RECORDED = """
delete window.EventSource;
window.__sent = [];
window.__answered = 0;
const originalFetch = window.fetch;
window.fetch = function (input, init) {
  window.__sent.push({ method: (init && init.method) || "GET", url: String(input), body: (init && init.body) || null });
  return originalFetch.apply(this, arguments).finally(() => { window.__answered += 1; });
};
"""


def item_id(server, list_name: str, text: str) -> str:
    items = server.api("GET", f"/api/v1/checklists/{server.list_id(list_name)}").body["items"]
    return next(item["id"] for item in items if item["text"] == text)


def open_edit_item(driver, text: str) -> None:
    click(driver, item_selector(driver, text, "edit-item"))
    wait_ready(driver, "itemForm")


def conflict_messages(driver) -> dict[str, str]:
    return driver.execute_script("""
        return Object.fromEntries([...document.querySelectorAll('[data-testid=conflict]')].map(
            p => [p.dataset.field, p.querySelector('[data-testid=conflict-message]').textContent]));
    """)


def row_conflicts(driver) -> list[dict]:
    """The conflicts shown under rows: kind, field, message, and the row above each."""
    return driver.execute_script("""
        return [...document.querySelectorAll('[data-testid=row-conflict]')].map(p => {
            const holder = p.closest('li');
            const row = holder && holder.previousElementSibling;
            return {kind: p.dataset.kind, field: p.dataset.field,
                    message: p.querySelector('[data-testid=row-conflict-message]').textContent,
                    row: row ? (row.dataset.itemId || row.dataset.listId || '') : ''};
        });
    """)


def wait_row_conflict(driver, row_id: str, field: str) -> dict:
    """Waits for the conflict shown directly under the row `row_id` and returns it."""
    return until(driver, lambda d: next((c for c in row_conflicts(d) if c["row"] == row_id and c["field"] == field), None),
                 f"no conflict on {field!r} under row {row_id}")


def wait_conflict(driver, field: str, theirs: str) -> str:
    """Waits for the conflict on `field` and returns its message."""
    message = until(driver, lambda d: conflict_messages(d).get(field), f"no conflict shown on {field!r}")
    assert message.startswith(f"Changed elsewhere to “{theirs}”"), message
    return message


def shoot(driver, name: str) -> None:
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


def test_rename_meets_a_rename_elsewhere_and_keep_mine_saves_mine(server, browser):
    browser.allow_console(ALLOW_412)
    server.cli("list", "add", "Groceries")
    server.cli("add", "Groceries", "Salt")
    server.cli("add", "Groceries", "Milk")
    salt = item_id(server, "Groceries", "Salt")
    driver = browser("phone")
    open_list(driver, "Groceries")
    open_edit_item(driver, "Salt")

    # The other phone renames it while this one has the form open.
    assert server.api("PATCH", f"/api/v1/items/{salt}", {"text": "Sea salt"}).status == 200
    type_text(driver, tid("item-text-input"), "Rock salt")
    click(driver, tid("done"))

    # The form goes back at once; the conflict shows under the item's row, with mine on the row.
    wait_ready(driver, "list")
    conflict = wait_row_conflict(driver, salt, "text")
    assert conflict["kind"] == "changed"
    assert conflict["message"] == "Changed on another device to “Sea salt”", "the same person's other device is not named"
    assert item_row(driver, "Rock salt")["id"] == salt
    # Nothing was overwritten: the server still has theirs.
    assert server.api("GET", f"/api/v1/items/{salt}").body["text"] == "Sea salt"
    panel = element(driver, tid("row-conflict"))
    assert driver.execute_script(
        "return document.getElementById(arguments[0].getAttribute('aria-labelledby')).textContent", panel
    ) == conflict["message"], "the panel is named by its message"
    shoot(driver, "conflict-phone.png")

    # Keep mine, from the keyboard.
    press(driver, f'{tid("row-conflict")} {tid("conflict-keep-mine")}', Keys.ENTER)
    until_equal(driver, lambda _: server.api("GET", f"/api/v1/items/{salt}").body["text"], "Rock salt",
                "the server's text after Keep mine")
    until_equal(driver, row_conflicts, [], "conflicts after Keep mine")
    until(driver, lambda d: "Rock salt" in item_texts(d), "the list never showed mine")


def test_use_theirs_shows_theirs_and_sends_nothing(server, browser):
    browser.allow_console(ALLOW_412)
    server.cli("list", "add", "Groceries")
    server.cli("add", "Groceries", "Salt")
    salt = item_id(server, "Groceries", "Salt")
    driver = browser("desktop")
    open_list(driver, "Groceries")
    open_edit_item(driver, "Salt")
    assert server.api("PATCH", f"/api/v1/items/{salt}", {"text": "Sea salt"}).status == 200
    type_text(driver, tid("item-text-input"), "Rock salt")
    click(driver, tid("done"))
    wait_ready(driver, "list")
    wait_row_conflict(driver, salt, "text")
    shoot(driver, "conflict-desktop.png")
    revision = server.api("GET", f"/api/v1/items/{salt}").body["revision"]

    click(driver, f'{tid("row-conflict")} {tid("conflict-keep-theirs")}')
    until(driver, lambda d: item_texts(d) == ["Sea salt"], "the list does not show theirs")
    assert row_conflicts(driver) == []
    stored = server.api("GET", f"/api/v1/items/{salt}").body
    assert (stored["text"], stored["revision"]) == ("Sea salt", revision), "Keep theirs changed the server"


def test_edits_of_different_fields_merge_without_asking(server, browser):
    browser.allow_console(ALLOW_412)
    server.cli("list", "add", "Groceries")
    server.cli("add", "Groceries", "Salt")
    salt = item_id(server, "Groceries", "Salt")
    driver = browser("desktop")
    open_list(driver, "Groceries")
    open_edit_item(driver, "Salt")
    # The other phone sets a due date and a reminder; this one renames.
    due = "2030-12-24T20:30:00Z"
    assert server.api("PATCH", f"/api/v1/items/{salt}", {"dueDate": due, "remind": True}).status == 200
    type_text(driver, tid("item-text-input"), "Sea salt")
    click(driver, tid("done"))
    wait_ready(driver, "list")
    until(driver, lambda d: "Sea salt" in item_texts(d), "the rename never showed")
    # The outbox sends it after the form went back: the server ends with both edits, and nothing is asked.
    until_equal(driver, lambda _: (lambda b: (b["text"], b["dueDate"], b["remind"]))(
        server.api("GET", f"/api/v1/items/{salt}").body), ("Sea salt", due, True), "the item on the server")
    until(driver, lambda d: d.execute_script("return document.getElementById('banner').hidden"), "the banner stayed")
    assert row_conflicts(driver) == []


def test_catalogue_item_and_list_names_show_their_conflicts(server, browser):
    browser.allow_console(ALLOW_412)
    created = server.api("POST", "/api/v1/catalogue", {"name": "Salt", "price": "1.20"}).body
    list_id = create_list(server, "Weekly")
    driver = browser("phone", path=f"/shopping/items/{created['id']}/edit")
    wait_ready(driver, "catalogueItemForm")
    until_equal(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("item-name-input")).get_attribute("value"),
                "Salt", "the form's name")
    # Elsewhere: renamed (a conflict) and repriced (only theirs: taken into the form).
    assert server.api("PATCH", f"/api/v1/catalogue/{created['id']}", {"name": "Sea salt", "price": "2.40"}).status == 200
    type_text(driver, tid("item-name-input"), "Rock salt")
    click(driver, tid("done"))
    # Saved through the outbox: the form goes back to Items, and the conflict is asked there.
    wait_ready(driver, "catalogue")
    conflict = until(driver, lambda d: next((c for c in row_conflicts(d) if c["field"] == "name"), None),
                     "no conflict on the catalogue item's name")
    assert conflict["message"] == "Changed on another device to “Sea salt”", conflict
    # Nothing was overwritten, and the price only they changed was merged.
    stored = server.api("GET", f"/api/v1/catalogue/{created['id']}").body
    assert (stored["name"], stored["price"]["amount"]) == ("Sea salt", "2.40"), stored
    click(driver, f'{tid("row-conflict")} {tid("conflict-keep-mine")}')
    until_equal(driver, lambda _: (lambda b: (b["name"], b["price"]["amount"]))(
        server.api("GET", f"/api/v1/catalogue/{created['id']}").body), ("Rock salt", "2.40"),
        "the catalogue item after Keep mine")
    until_equal(driver, row_conflicts, [], "conflicts after Keep mine")

    # A shopping list's name.
    goto(driver, f"/shopping/lists/{list_id}/edit")
    until_equal(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("shopping-list-name-input")).get_attribute("value"),
                "Weekly", "the list form's name")
    assert server.api("PATCH", f"/api/v1/shopping-lists/{list_id}", {"name": "Saturday"}).status == 200
    type_text(driver, tid("shopping-list-name-input"), "Market")
    click(driver, tid("done"))
    conflict = until(driver, lambda d: next((c for c in row_conflicts(d) if c["field"] == "name"), None),
                     "no conflict on the shopping list's name")
    assert conflict["message"] == "Changed on another device to “Saturday”", conflict
    assert server.api("GET", f"/api/v1/shopping-lists/{list_id}").body["list"]["name"] == "Saturday"
    click(driver, f'{tid("row-conflict")} {tid("conflict-keep-theirs")}')
    until_equal(driver, row_conflicts, [], "conflicts after Keep theirs")
    assert server.api("GET", f"/api/v1/shopping-lists/{list_id}").body["list"]["name"] == "Saturday"

    # A checklist's name: the form goes back at once; the conflict shows under the list's row on All Lists.
    server.cli("list", "add", "Trip")
    trip = server.list_id("Trip")
    goto(driver, f"/lists/{trip}/edit")
    until_equal(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("list-name-input")).get_attribute("value"),
                "Trip", "the checklist form's name")
    assert server.api("PATCH", f"/api/v1/checklists/{trip}", {"name": "Lisbon"}).status == 200
    type_text(driver, tid("list-name-input"), "Porto")
    click(driver, tid("done"))
    wait_ready(driver, "lists", "/")
    conflict = wait_row_conflict(driver, trip, "name")
    assert conflict["message"] == "Changed on another device to “Lisbon”", conflict
    assert server.api("GET", f"/api/v1/checklists/{trip}").body["checklist"]["name"] == "Lisbon"
    click(driver, f'{tid("row-conflict")} {tid("conflict-keep-mine")}')
    until_equal(driver, lambda _: server.api("GET", f"/api/v1/checklists/{trip}").body["checklist"]["name"], "Porto",
                "the checklist's name after Keep mine")
    until_equal(driver, row_conflicts, [], "conflicts after Keep mine")


def test_checkmarks_send_the_state_shown_from_a_stale_page(server, browser):
    browser.allow_console(ALLOW_412)
    server.cli("list", "add", "Groceries")
    server.cli("add", "Groceries", "Salt")
    server.cli("add", "Groceries", "Milk")
    salt = item_id(server, "Groceries", "Salt")
    milk = item_id(server, "Groceries", "Milk")
    driver = browser("phone", path=None)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STALE_AND_RECORDED})
    goto(driver, "/")
    open_list(driver, "Groceries")

    # Elsewhere, meanwhile: Salt renamed, Milk checked. This page (no live updates) shows neither.
    assert server.api("PATCH", f"/api/v1/items/{salt}", {"text": "Sea salt"}).status == 200
    assert server.api("PATCH", f"/api/v1/items/{milk}", {"checked": True}).status == 200
    assert item_row(driver, "Salt")["checked"] is False and item_row(driver, "Milk")["checked"] is False

    # Two quick taps on each row.
    for text in ("Salt", "Milk"):
        press(driver, item_selector(driver, text, "item-toggle"), Keys.SPACE, Keys.SPACE)

    def states(d):
        rows = {row["id"]: row["checked"] for row in d.execute_script(
            "return [...document.querySelectorAll('[data-testid=item-row]')].map(li => ({id: li.dataset.itemId, "
            "checked: li.querySelector('[data-testid=item-toggle]').getAttribute('aria-checked') === 'true'}))")}
        return rows.get(salt), rows.get(milk)

    def server_states(_):
        return tuple(server.api("GET", f"/api/v1/items/{i}").body["checked"] for i in (salt, milk))

    def settled_and_agreeing(d):
        quiet = d.execute_script("return window.__sent.length === window.__answered")
        return quiet and states(d) == server_states(d)

    def settled_agreeing_or_asking(d):
        quiet = d.execute_script("return window.__sent.length === window.__answered")
        shown, stored = states(d), server_states(d)
        asking = any(c["row"] == milk and c["field"] == "checked" for c in row_conflicts(d))
        return quiet and shown[0] == stored[0] and (shown[1] == stored[1] or asking)

    until(driver, settled_agreeing_or_asking, "the page and the server never agreed (nor did the page ask)")
    # Salt: the rename elsewhere is no conflict; two taps leave it unchecked, on both.
    assert states(driver)[0] is False and server_states(driver)[0] is False
    assert server.api("GET", f"/api/v1/items/{salt}").body["text"] == "Sea salt", "the rename was overwritten"
    until(driver, lambda d: "Sea salt" in item_texts(d), "the page never took the rename")
    # Milk: checked elsewhere while this page showed it unchecked. However the taps and the answers
    # interleave, the page ends showing what the server has, or asks under the row (never overwrites).
    if states(driver)[1] != server_states(driver)[1]:
        assert server_states(driver)[1] is True, "the check made elsewhere was overwritten"
        click(driver, f'{tid("row-conflict")} {tid("conflict-keep-theirs")}')
        until(driver, lambda d: states(d)[1] is True, "Keep theirs did not show theirs")

    sent = driver.execute_script("return window.__sent")
    writes = [s for s in sent if s["method"] != "GET" and "/items/" in s["url"]]
    assert writes, "no checkmark was sent"
    assert not any("/toggle" in s["url"] for s in writes), writes
    assert all(s["method"] == "PATCH" and s["body"] in ('{"checked":true}', '{"checked":false}') for s in writes), writes


def names_conflicts(server, list_name: str) -> bool:
    """Whether this server's 412 names the conflicting fields (the field-level merge)."""
    server.cli("add", list_name, "Probe")
    probe = item_id(server, list_name, "Probe")
    revision = server.api("GET", f"/api/v1/items/{probe}").body["revision"]
    assert server.api("PATCH", f"/api/v1/items/{probe}", {"text": "Probe 2"}).status == 200
    stale = server.api("PATCH", f"/api/v1/items/{probe}", {"text": "Probe 3"}, headers={"If-Match": f'"r{revision}"'})
    assert stale.status == 412, stale
    assert server.api("DELETE", f"/api/v1/items/{probe}").status == 204
    return isinstance(stale.body, dict) and "conflicts" in stale.body


def test_a_checkmark_set_the_other_way_elsewhere_is_shown_not_overwritten(server, browser):
    browser.allow_console(ALLOW_412)
    server.cli("list", "add", "Groceries")
    if not names_conflicts(server, "Groceries"):
        pytest.skip("this server's 412 does not name conflicts: a checkmark changed twice elsewhere cannot be told apart")
    server.cli("add", "Groceries", "Milk")
    milk = item_id(server, "Groceries", "Milk")
    driver = browser("phone", path=None)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STALE_AND_RECORDED})
    goto(driver, "/")
    open_list(driver, "Groceries")
    # Elsewhere: checked, then unchecked again, after this (stale) page loaded.
    for checked in (True, False):
        assert server.api("PATCH", f"/api/v1/items/{milk}", {"checked": checked}).status == 200
    click(driver, item_selector(driver, "Milk", "item-toggle"))
    # The tap (checked) met "unchecked" set elsewhere: asked under the row, not overwritten.
    conflict = wait_row_conflict(driver, milk, "checked")
    assert conflict["kind"] == "changed" and conflict["message"].startswith("Unchecked on another device"), conflict
    assert server.api("GET", f"/api/v1/items/{milk}").body["checked"] is False
    # Keep mine sets it again, over the current version.
    click(driver, f'{tid("row-conflict")} {tid("conflict-keep-mine")}')
    until_equal(driver, lambda _: server.api("GET", f"/api/v1/items/{milk}").body["checked"], True,
                "the server after Keep mine")
    until(driver, lambda d: item_row(d, "Milk")["checked"] is True, "the page after Keep mine")
    until_equal(driver, row_conflicts, [], "conflicts after Keep mine")


def test_an_entry_put_in_the_cart_from_a_stale_page_keeps_a_quantity_set_elsewhere(server, browser):
    browser.allow_console(ALLOW_412)
    list_id = create_list(server, "Weekly")
    milk = server.api("POST", "/api/v1/catalogue", {"name": "Milk"}).body["id"]
    entry = f"/api/v1/shopping-lists/{list_id}/entries/{milk}"
    assert server.api("PUT", entry).status in (200, 201)
    driver = browser("phone", path=None)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STALE_AND_RECORDED})
    goto(driver, "/")
    open_shopping_list(driver, list_id)
    until_equal(driver, line_view, [("Milk", False, "1")], "the line before")
    # Elsewhere: three of them. This page (no live updates) still shows one.
    assert server.api("PATCH", entry, {"quantity": 3}).status == 200
    click(driver, line_selector(driver, "Milk", "line-toggle"))
    until_equal(driver, line_view, [("Milk", True, "3")], "the line after the tap")
    line = server.api("GET", f"/api/v1/shopping-lists/{list_id}").body["lines"][0]
    assert (line["inCart"], line["quantity"]) == (True, 3), line
    writes = [s for s in driver.execute_script("return window.__sent") if s["method"] == "PATCH"]
    assert writes and all(s["body"] == '{"inCart":true}' for s in writes), writes
