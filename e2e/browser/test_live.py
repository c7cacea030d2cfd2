"""Live updates between browsers and from the CLI, and reminders at their due minute."""

import datetime as dt
import time

import pytest

from helpers import (
    back, click, figure, element, item_row, item_selector, item_texts, open_list, seen, tid, until,
    until_js, wait_list_rows, wait_ready, watch,
)


ROW_CHECKED = """return document.querySelector('[data-testid=item-row][data-item-id="{id}"]')?.dataset.checked === 'true'"""
HAS_TEXT = """return [...document.querySelectorAll('[data-testid=item-text]')].some(e => e.textContent === {text!r})"""
SUBTITLE = """return document.querySelector('[data-list-name="{name}"] [data-testid=list-subtitle]')?.textContent === {text!r}"""



def test_live_updates_between_browsers_and_from_the_cli(server, browser):
    server.cli("list", "add", "Groceries", "--icon", "groceries")
    for text in ("Milk", "Eggs", "Bread"):
        server.cli("add", "Groceries", text)
    groceries = server.list_id("Groceries")
    items = {i["text"]: i["id"] for i in server.api("GET", f"/api/v1/checklists/{groceries}").body["items"]}

    one = browser("desktop")
    other = browser("phone")
    open_list(one, "Groceries")
    open_list(other, "Groceries")
    latencies = {}

    # A checkmark in one page shows in the other without a reload.
    watch(other, "milk checked", ROW_CHECKED.format(id=items["Milk"]))
    clicked = one.execute_script(
        "const t = Date.now(); document.querySelector(arguments[0]).click(); return t",
        item_selector(one, "Milk", "item-toggle"))
    latencies["check, browser to browser"] = seen(other, "milk checked") - clicked
    assert item_row(other, "Milk")["mark"] == "√"

    # An item added in one page shows in the other.
    watch(other, "butter added", HAS_TEXT.format(text="Butter"))
    click(one, tid("add-item"))
    element(one, tid("item-text-input")).send_keys("Butter")
    submitted = one.execute_script(
        "const t = Date.now(); document.querySelector(arguments[0]).click(); return t", tid("done"))
    latencies["add, browser to browser"] = seen(other, "butter added") - submitted
    until(one, lambda d: "Butter" in item_texts(d))
    assert item_texts(other) == ["Milk", "Eggs", "Bread", "Butter"]

    # A change made with the CLI on the same database shows in both open pages.
    watch(one, "cli jam", HAS_TEXT.format(text="Jam"))
    watch(other, "cli jam", HAS_TEXT.format(text="Jam"))
    started = time.time() * 1000
    server.cli("add", "Groceries", "Jam")
    latencies["add, CLI to browser"] = seen(other, "cli jam") - started
    seen(one, "cli jam")
    assert item_texts(one) == item_texts(other) == ["Milk", "Eggs", "Bread", "Butter", "Jam"]

    # All Lists in the other page follows checkmarks made in the first.
    back(other, "lists")
    wait_list_rows(other, [("Groceries", "4 Remaining"), ("List", "(No Items)")])
    watch(other, "3 remaining", SUBTITLE.format(name="Groceries", text="3 Remaining"))
    clicked = one.execute_script(
        "const t = Date.now(); document.querySelector(arguments[0]).click(); return t",
        item_selector(one, "Eggs", "item-toggle"))
    latencies["count on All Lists, browser to browser"] = seen(other, "3 remaining") - clicked

    # And the CLI's checkmark shows in the page that has the list open.
    watch(one, "cli bread", ROW_CHECKED.format(id=items["Bread"]))
    started = time.time() * 1000
    server.cli("check", "Groceries", "Bread")
    latencies["check, CLI to browser"] = seen(one, "cli bread") - started
    wait_list_rows(other, [("Groceries", "2 Remaining"), ("List", "(No Items)")])

    for what, ms in latencies.items():
        figure(f"live update latency ({what}): {round(ms)} ms")
    assert all(ms < 10_000 for ms in latencies.values())


@pytest.mark.slow
def test_reminder_shows_at_its_due_minute(server, browser):
    server.cli("list", "add", "Chores", "--icon", "chores")
    chores = server.list_id("Chores")
    driver = browser("desktop", notifications=True)
    assert driver.execute_script("return Notification.permission") == "granted"
    open_list(driver, "Chores")

    # Due a few seconds into the next minute (the next-but-one if this one is nearly over):
    # the server fires a reminder when its due minute starts.
    now = dt.datetime.now(dt.timezone.utc)
    minute = now.replace(second=0, microsecond=0) + dt.timedelta(minutes=1)
    if (minute - now).total_seconds() < 8:
        minute += dt.timedelta(minutes=1)
    due = (minute + dt.timedelta(seconds=5)).strftime("%Y-%m-%dT%H:%M:%SZ")
    for text, remind in (("Water the plants", True), ("Take out the bins", False)):
        response = server.api("POST", f"/api/v1/checklists/{chores}/items",
                              {"text": text, "dueDate": due, "remind": remind})
        assert response.status == 201, response.body
    reminder_date = response.body["reminderDate"]
    assert reminder_date is None  # no Remind Me, no reminder
    until(driver, lambda d: item_texts(d) == ["Water the plants", "Take out the bins"])
    assert "reminder on" in item_row(driver, "Water the plants")["due"]
    back(driver, "lists")  # the reminder shows on whatever screen is open

    wait_seconds = (minute - dt.datetime.now(dt.timezone.utc)).total_seconds() + 20
    toast = until_js(driver, """
        return [...document.querySelectorAll('[data-testid=toast]')]
          .map(t => t.querySelector('.toast-text').textContent)
          .find(text => text.includes('Water the plants'));""",
        message="no reminder toast", timeout=max(wait_seconds, 10))
    shown = dt.datetime.now(dt.timezone.utc)
    figure(f"reminder toast shown {(shown - minute).total_seconds():.1f} s after its minute began")
    assert toast == "Reminder: Water the plants"
    assert shown >= minute - dt.timedelta(seconds=1), "the reminder came before its minute"
    # The item without Remind Me stays quiet.
    assert not driver.execute_script(
        "return document.getElementById('toasts').textContent.includes('Take out the bins')")
    # The toast's Open goes to the item's list.
    click(driver, f"{tid('toast')} {tid('toast-action')}")
    wait_ready(driver, "list", f"/lists/{chores}")


def test_live_updates_survive_a_change_while_a_form_is_open(server, browser):
    server.cli("add", "List", "Milk")
    driver = browser("desktop")
    open_list(driver, "List")
    click(driver, item_selector(driver, "Milk", "edit-item"))
    wait_ready(driver, "itemForm")
    # A listener of our own on the event stream tells when the change has reached the page.
    driver.execute_script("""
        window.__events = new EventSource('/api/v1/events');
        window.__events.addEventListener('change', () => { window.__changeAt ??= performance.now(); });""")
    until_js(driver, "return window.__events.readyState === EventSource.OPEN", message="no event stream")
    server.cli("add", "List", "Eggs")  # someone else changes the list meanwhile
    until_js(driver, "return window.__changeAt !== undefined", message="the change never reached the page")
    # The app refreshes 60 ms after an event; stay on the form well past that.
    until_js(driver, "return performance.now() > window.__changeAt + 500")
    driver.execute_script("window.__events.close()")
    # Back on the list, the page fetches it afresh and shows the change made meanwhile...
    click(driver, tid("cancel"))
    wait_ready(driver, "list")
    until(driver, lambda d: "Eggs" in item_texts(d), "the list did not show the change made meanwhile")
    # ...and the next change made elsewhere must still arrive live (normally within 100 ms).
    server.cli("add", "List", "Bread")
    until(driver, lambda d: "Bread" in item_texts(d), "live updates stopped after a change arrived on a form",
          timeout=5)
