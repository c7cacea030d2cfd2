"""An item's details as Reminders shows them (issue 14 §1): notes under the text (one line, then
"more"), priority marks and the flag, a weekly repeat set in the picker (checking it moves its
due date on), subtasks with "2 of 5" and "Also check its N subtasks?", and an edit made offline
sent once when the network is back. Screenshots at phone (390×844) and desktop (1280×800) size go
to docs/screenshots/items-*.png.

What the server keeps is read through its API (what another device would read), not only the page.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import network
from helpers import (
    click, element, item_rows, item_selector, open_list, set_edit_mode, settled, tid, type_text, until, until_equal,
    wait_ready,
)
from offline_helpers import OFFLINE_CONSOLE, REPLAY_CONSOLE, wait_controlled

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# N's app/push.js asks the server for its push key when Remind Me is turned on; none of these
# tests turns it on, but a list screen may preload it.
PUSH_CONSOLE = r"/api/v1/push/"

ROW_DETAILS = """
return [...document.querySelectorAll('[data-testid=item-row]')].map(li => {
  const q = (id) => li.querySelector(`[data-testid=${id}]`);
  const shown = (el) => !!el && !el.hidden && el.getClientRects().length > 0;
  const text = q('item-text');
  return {
    id: li.dataset.itemId, text: text.textContent, checked: li.dataset.checked === 'true',
    parent: li.dataset.parentId || null, due: q('item-due').textContent,
    priority: shown(q('item-priority')) ? q('item-priority').firstElementChild.textContent : '',
    priorityColor: shown(q('item-priority')) ? getComputedStyle(q('item-priority')).color : null,
    priorityBeforeText: shown(q('item-priority'))
      ? q('item-priority').getBoundingClientRect().right <= text.getBoundingClientRect().left + 1 : null,
    flag: shown(q('item-flag')), flagColor: shown(q('item-flag')) ? getComputedStyle(q('item-flag')).backgroundColor : null,
    flagAtEnd: shown(q('item-flag'))
      ? q('item-flag').getBoundingClientRect().left > li.getBoundingClientRect().left + li.getBoundingClientRect().width * 0.6 : null,
    repeat: q('item-repeat').textContent, count: q('subtask-count').textContent,
    notes: shown(q('item-notes')) ? q('item-notes-text').textContent : '',
    notesHeight: shown(q('item-notes')) ? q('item-notes-text').getBoundingClientRect().height : 0,
    more: shown(q('notes-more')) ? q('notes-more').textContent : '',
    textLeft: text.getBoundingClientRect().left,
    pending: li.dataset.pending === 'true',
  };
});
"""

ACCENT = "return getComputedStyle(document.documentElement).getPropertyValue('--tint').trim()"


def rows(driver) -> list[dict]:
    return driver.execute_script(ROW_DETAILS)


def row(driver, text: str) -> dict:
    return until(driver, lambda d: next((r for r in rows(d) if r["text"] == text), None), f"no row {text!r}")


def rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    return f"rgb({int(h[0:2], 16)}, {int(h[2:4], 16)}, {int(h[4:6], 16)})"


def make_list(server, name: str) -> str:
    server.cli("list", "add", name)
    return server.list_id(name)


def add(server, list_id: str, text: str, **fields) -> dict:
    answer = server.api("POST", f"/api/v1/checklists/{list_id}/items", {"text": text, **fields})
    assert answer.status == 201, f"adding {text!r}: {answer.status} {answer.body!r}"
    return answer.body


def server_item(server, item_id: str) -> dict:
    answer = server.api("GET", f"/api/v1/items/{item_id}")
    assert answer.status == 200, f"reading item {item_id}: {answer.status} {answer.body!r}"
    return answer.body


def until_server(read, check, message: str, timeout: float = 15):
    """Polls the server (bounded) until `check(read())`; returns the last value."""
    deadline = time.monotonic() + timeout
    value = read()
    while not check(value) and time.monotonic() < deadline:
        time.sleep(0.05)
        value = read()
    assert check(value), f"{message}: the server has {value!r}"
    return value


def open_item(driver, text: str) -> None:
    click(driver, item_selector(driver, text, "edit-item"))
    wait_ready(driver, "itemForm")
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("item-text-input")).get_attribute("value") == text,
          f"the item screen never showed {text!r}")


def done(driver) -> None:
    click(driver, tid("done"))
    wait_ready(driver, "list")


def format_due(driver, iso: str) -> str:
    """The due date as the page writes it (views.js formatDue), for a date the server sent."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/views.js').then(v => done(v.formatDue(new Date(arguments[0]))));", iso)


def shoot(driver, name: str, size: str) -> None:
    if size == "phone":
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    wait_ready(driver)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"items-{name}-{size}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


@pytest.fixture
def server(linked_server):
    """Every test here may take a phone offline: the server also answers at each link's URL."""
    return linked_server


NOTES = "Ask for the ripe ones at the back\nTwo bags if they are on offer\nAnd check the date on the box"


def test_notes_flag_and_priority_show_as_in_reminders_and_edit_on_the_item_screen(server, browser):
    list_id = make_list(server, "Groceries")
    add(server, list_id, "Avocados", notes=NOTES, flagged=True, priority="high")
    add(server, list_id, "Milk")
    driver = browser("phone")
    browser.allow_console(PUSH_CONSOLE)
    open_list(driver, "Groceries")

    avocados = row(driver, "Avocados")
    assert avocados["priority"] == "!!!", f"high priority reads {avocados['priority']!r}, not '!!!'"
    assert avocados["priorityBeforeText"], "the priority marks come before the text"
    assert avocados["priorityColor"] == rgb(driver.execute_script(ACCENT)), "the marks are in the accent colour"
    assert avocados["flag"] and avocados["flagAtEnd"], f"an orange flag at the row's trailing edge: {avocados!r}"
    assert avocados["flagColor"] == "rgb(255, 149, 0)", f"the flag is orange: {avocados['flagColor']}"
    # Notes: one line under the text, then "more", which shows them whole.
    assert avocados["notes"] == NOTES
    assert avocados["more"] == "more"
    one_line = avocados["notesHeight"]
    assert 0 < one_line < 24, f"the notes take one line first ({one_line}px)"
    milk = row(driver, "Milk")
    assert (milk["priority"], milk["flag"], milk["notes"], milk["more"]) == ("", False, "", ""), milk
    click(driver, item_selector(driver, "Avocados", "notes-more"))
    until(driver, lambda d: row(d, "Avocados")["notesHeight"] > 2.5 * one_line, "the notes never expanded")
    assert row(driver, "Avocados")["more"] == "less"
    lines = driver.execute_script(
        "return document.querySelector('[data-testid=item-notes-text]').innerText.split('\\n').length")
    assert lines >= 3, "the expanded notes keep their line breaks"

    # The item screen edits them: notes, Flag, Priority.
    open_item(driver, "Milk")
    type_text(driver, tid("notes-input"), "Oat, if they have it")
    click(driver, tid("flag-switch"))
    Select(element(driver, tid("priority-select"))).select_by_value("medium")
    done(driver)
    until(driver, lambda d: (row(d, "Milk")["priority"], row(d, "Milk")["flag"], row(d, "Milk")["notes"])
          == ("!!", True, "Oat, if they have it"), "Milk's row after the edit")
    milk_id = row(driver, "Milk")["id"]
    until_server(lambda: server_item(server, milk_id),
                 lambda i: (i["notes"], i["flagged"], i["priority"]) == ("Oat, if they have it", True, "medium"),
                 "Milk on the server")

    # Notes past 10,000 characters: said clearly, and nothing is sent.
    open_item(driver, "Milk")
    driver.execute_script(
        "const f = document.querySelector('[data-testid=notes-input]'); f.value = 'x'.repeat(10001);"
        "f.dispatchEvent(new Event('input', {bubbles: true}));")
    message = until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("notes-error")).text.strip(), "no message")
    assert "10,000" in message and "10,001" in message, f"the message names the limit and the length: {message!r}"
    assert not element(driver, tid("done")).is_enabled(), "Done is off while the notes are too long"
    shoot(driver, "edit", "phone")


def next_weekday(after: datetime, weekdays: set[int]) -> datetime:
    day = after + timedelta(days=1)
    while day.weekday() not in weekdays:
        day += timedelta(days=1)
    return day


def test_a_weekly_repeat_set_in_the_picker_moves_the_due_date_when_checked(server, browser):
    list_id = make_list(server, "Chores")
    # Due on a Tuesday at 09:00 (local time: the server's zone and the browser's are this machine's).
    today = datetime.now().replace(hour=9, minute=0, second=0, microsecond=0)
    due = today + timedelta(days=(1 - today.weekday()) % 7 + 7)
    item = add(server, list_id, "Water the plants", dueDate=due.astimezone().isoformat())
    driver = browser("desktop")
    browser.allow_console(PUSH_CONSOLE)
    open_list(driver, "Chores")
    open_item(driver, "Water the plants")

    Select(element(driver, tid("repeat-select"))).select_by_value("weekly")
    # A weekly rule starts on the due date's weekday; the user picks Monday and Thursday instead.
    assert element(driver, tid("repeat-day-tu"), visible=False).is_selected(), "Every Week starts on the due date's day"
    for day in ("tu", "mo", "th"):
        driver.execute_script("arguments[0].click()", element(driver, tid(f"repeat-day-{day}"), visible=False))
    assert element(driver, tid("repeat-description")).text == "Every Week on Monday and Thursday"
    done(driver)

    saved = until_server(lambda: server_item(server, item["id"]), lambda i: i.get("repeat") is not None,
                         "the rule on the server")
    assert saved["repeat"] == "FREQ=WEEKLY;BYDAY=MO,TH"
    words = saved["repeatDescription"]
    until_equal(driver, lambda d: row(d, "Water the plants")["repeat"], f"↻ {words}", "the row's repeat mark")
    old_due = row(driver, "Water the plants")["due"]

    click(driver, item_selector(driver, "Water the plants", "item-toggle"))
    expected = next_weekday(due, {0, 3})
    moved = until_server(lambda: server_item(server, item["id"]),
                         lambda i: i["dueDate"] != saved["dueDate"], "the due date after checking")
    assert not moved["checked"], "a recurring item stays unchecked"
    assert datetime.fromisoformat(moved["dueDate"].replace("Z", "+00:00")).astimezone().replace(tzinfo=None) == expected
    new_due = format_due(driver, moved["dueDate"])
    assert new_due != old_due
    until_equal(driver, lambda d: (row(d, "Water the plants")["checked"], row(d, "Water the plants")["due"]),
                (False, new_due), "the row after checking: unchecked, due on the next Monday or Thursday")
    open_item(driver, "Water the plants")
    assert Select(element(driver, tid("repeat-select"))).first_selected_option.get_attribute("value") == "weekly"
    assert element(driver, tid("repeat-description")).text == words, "the item screen says the server's words"
    shoot(driver, "repeat", "desktop")


def test_subtasks_show_under_their_parent_with_a_count_and_checking_the_parent_asks(server, browser):
    list_id = make_list(server, "Trip")
    parent = add(server, list_id, "Pack", priority="low")
    subtasks = [add(server, list_id, text, parentID=parent["id"])
                for text in ("Passport", "Chargers", "Sun cream", "Book", "Towel")]
    for sub in subtasks[:2]:
        assert server.api("PATCH", f"/api/v1/items/{sub['id']}", {"checked": True}).status == 200
    add(server, list_id, "Water the plants")
    driver = browser("phone")
    browser.allow_console(PUSH_CONSOLE)
    open_list(driver, "Trip")

    until_equal(driver, lambda d: [(r["text"], r["parent"] is not None) for r in rows(d)],
                [("Pack", False), ("Passport", True), ("Chargers", True), ("Sun cream", True), ("Book", True),
                 ("Towel", True), ("Water the plants", False)], "subtasks right under their parent")
    assert row(driver, "Pack")["count"] == "2 of 5"
    assert row(driver, "Passport")["textLeft"] > row(driver, "Pack")["textLeft"] + 20, "subtasks are indented"

    # Add Subtask on the parent's item screen.
    open_item(driver, "Pack")
    type_text(driver, tid("add-subtask-input"), "Hat\n")
    until(driver, lambda d: "Hat" in [e.text for e in d.find_elements(By.CSS_SELECTOR, tid("subtask-row"))],
          "the new subtask never showed on the item screen")
    click(driver, tid("cancel"))
    wait_ready(driver, "list")
    until_equal(driver, lambda d: row(d, "Pack")["count"], "2 of 6", "the count with the new subtask")
    until_equal(driver, lambda d: [r["text"] for r in rows(d)][:8][-2:], ["Hat", "Water the plants"],
                "the new subtask last under its parent")
    shoot(driver, "subtasks", "phone")

    click(driver, item_selector(driver, "Pack", "item-toggle"))
    dialog = element(driver, tid("check-subtasks-dialog"))
    assert "Also check its 4 subtasks?" in dialog.text
    click(driver, tid("check-all-subtasks"))
    until(driver, lambda d: all(r["checked"] for r in rows(d) if r["text"] != "Water the plants"),
          "the parent and all its subtasks checked")
    assert not row(driver, "Water the plants")["checked"]
    until_equal(driver, lambda d: row(d, "Pack")["count"], "6 of 6", "the count after Check All")
    until_server(lambda: server.api("GET", f"/api/v1/checklists/{list_id}").body["items"],
                 lambda items: all(i["checked"] for i in items if i["text"] != "Water the plants"),
                 "every subtask checked on the server")

    # Deleting the parent takes its subtasks with it; Undo brings all of them back, still under it.
    before = [(r["text"], r["parent"] is not None) for r in rows(driver)]
    set_edit_mode(driver, True)
    click(driver, item_selector(driver, "Pack", "delete-item"))
    until_equal(driver, lambda d: [r["text"] for r in rows(d)], ["Water the plants"], "the parent and subtasks deleted")
    click(driver, tid("toast-action"))
    until_equal(driver, lambda d: [(r["text"], r["parent"] is not None) for r in rows(d)], before,
                "Undo brought back the parent and its subtasks")
    set_edit_mode(driver, False)
    until_server(lambda: server.api("GET", f"/api/v1/checklists/{list_id}").body["items"],
                 lambda items: sum(1 for i in items if i.get("parentID")) == 6,
                 "the six subtasks restored under their parent on the server")


def test_an_edit_made_offline_is_sent_once_when_back_online(server, browser, links):
    list_id = make_list(server, "Groceries")
    item = add(server, list_id, "Coffee")
    browser.allow_console(OFFLINE_CONSOLE)
    browser.allow_console(REPLAY_CONSOLE)
    browser.allow_console(PUSH_CONSOLE)
    driver = browser("phone", base_url=links["A"].url)
    driver.link = links["A"]
    wait_controlled(driver)
    open_list(driver, "Groceries")
    patch = f'"PATCH /api/v1/items/{item["id"]}"'
    sent = lambda: sum(patch in line for line in list(server.output))  # noqa: E731 (the server's request log)

    network.offline(driver)
    open_item(driver, "Coffee")
    type_text(driver, tid("notes-input"), "Beans, not ground")
    click(driver, tid("flag-switch"))
    Select(element(driver, tid("priority-select"))).select_by_value("high")
    done(driver)
    until(driver, lambda d: row(d, "Coffee")["pending"], "the row never showed it is waiting to send")
    coffee = row(driver, "Coffee")
    assert (coffee["priority"], coffee["flag"], coffee["notes"]) == ("!!!", True, "Beans, not ground")
    time.sleep(0.5)  # the offline phone would have tried by now; the server must still have nothing
    assert sent() == 0

    network.online(driver)
    until(driver, lambda d: not row(d, "Coffee")["pending"], "the edit was never sent")
    after = until_server(lambda: server_item(server, item["id"]), lambda i: i["flagged"], "Coffee on the server")
    assert (after["notes"], after["flagged"], after["priority"]) == ("Beans, not ground", True, "high")
    time.sleep(0.5)
    assert sent() == 1, f"the edit was sent {sent()} times"


def test_screenshots_of_a_list_with_details(server, browser):
    list_id = make_list(server, "Weekend")
    due = (datetime.now() + timedelta(days=1)).replace(hour=9, minute=0, second=0, microsecond=0).astimezone()
    pack = add(server, list_id, "Pack for the lake", priority="medium", notes="Swimsuits, towels and the blue cooler bag")
    for text, checked in (("Swimsuits", True), ("Towels", True), ("Cooler bag", False)):
        sub = add(server, list_id, text, parentID=pack["id"])
        if checked:
            server.api("PATCH", f"/api/v1/items/{sub['id']}", {"checked": True})
    add(server, list_id, "Water the plants", dueDate=due.isoformat(), repeat="FREQ=WEEKLY;BYDAY=MO,TH")
    add(server, list_id, "Call the vet", flagged=True, priority="high", dueDate=due.isoformat(), remind=True)
    add(server, list_id, "Buy bread", notes="Sourdough from the corner bakery")
    for size in ("phone", "desktop"):
        driver = browser(size)
        browser.allow_console(PUSH_CONSOLE)
        open_list(driver, "Weekend")
        until_equal(driver, lambda d: row(d, "Pack for the lake")["count"], "2 of 3", "the parent's count")
        shoot(driver, "checklist", size)
        driver.quit()
        browser.drivers.remove(driver)
