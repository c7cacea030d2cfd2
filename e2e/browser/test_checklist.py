"""A Checklist's items: adding, checking, editing, deleting and reordering them."""

import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    add_item, back, click, element, item_row, item_rows, item_selector, item_texts, open_list, press,
    set_edit_mode, settled, tid, title, toggle, type_text, until, until_equal, wait_list_rows, wait_ready,
)


def drag(driver, text: str, onto: str) -> None:
    """Holds the row's drag handle, moves the pointer in small steps past the middle of the
    row `onto` (as a hand would), and lets go."""
    handle = element(driver, item_selector(driver, text, "drag-handle"))
    target = element(driver, item_selector(driver, onto, "item-text"))
    start = handle.rect["y"] + handle.rect["height"] / 2
    row = driver.execute_script("return arguments[0].closest('li').getBoundingClientRect().toJSON()", target)
    middle = row["y"] + row["height"] / 2
    end = middle + (row["height"] / 4 if middle > start else -row["height"] / 4)
    distance = round(end - start)
    chain = ActionChains(driver, duration=20).click_and_hold(handle)
    moved = 0
    while moved != distance:
        step = max(-7, min(7, distance - moved))
        chain.move_by_offset(0, step)
        moved += step
    chain.pause(0.1).release().perform()


def done_enabled(driver) -> bool:
    return driver.find_element(By.CSS_SELECTOR, tid("done")).is_enabled()


def test_add_and_check_items(server, browser):
    server.cli("list", "add", "Groceries", "--icon", "groceries")
    driver = browser("phone")
    wait_list_rows(driver, [("Groceries", "(No Items)"), ("List", "(No Items)")])
    open_list(driver, "Groceries")
    element(driver, tid("empty-state"))

    # Add Item: Done is disabled while the text is empty or only spaces.
    click(driver, tid("add-item"))
    wait_ready(driver, "itemForm")
    assert title(driver) == "Add Item"
    field = element(driver, tid("item-text-input"))
    assert field.get_attribute("placeholder") == "Name of the Item"
    assert not done_enabled(driver), "Done is disabled while the text is empty"
    field.send_keys("   ")
    assert not done_enabled(driver), "Done is disabled while the text is only spaces"
    field.send_keys(Keys.ENTER)  # Enter does not save either
    assert driver.execute_script("return document.body.dataset.screen") == "itemForm"
    type_text(driver, tid("item-text-input"), "Milk")
    until(driver, done_enabled, "Done never enabled")
    click(driver, tid("done"))
    wait_ready(driver, "list")
    until_equal(driver, item_texts, ["Milk"], "items")
    add_item(driver, "Eggs")
    add_item(driver, "Bread")
    until_equal(driver, item_texts, ["Milk", "Eggs", "Bread"], "items in the order they were added")
    assert not any(row["checked"] or row["mark"] for row in item_rows(driver))

    back(driver, "lists")
    wait_list_rows(driver, [("Groceries", "3 Remaining"), ("List", "(No Items)")])

    # Tapping rows checks them: √ on the checked rows, the count on All Lists follows.
    open_list(driver, "Groceries")
    toggle(driver, "Milk")
    toggle(driver, "Bread")
    rows = {row["text"]: row for row in item_rows(driver)}
    assert rows["Milk"]["checked"] and rows["Milk"]["mark"] == "√"
    assert rows["Bread"]["checked"] and rows["Bread"]["mark"] == "√"
    assert not rows["Eggs"]["checked"] and rows["Eggs"]["mark"] == ""
    assert element(driver, item_selector(driver, "Milk", "checkmark")).is_displayed()
    assert element(driver, item_selector(driver, "Milk", "item-toggle")).get_attribute("aria-checked") == "true"
    back(driver, "lists")
    wait_list_rows(driver, [("Groceries", "1 Remaining"), ("List", "(No Items)")])

    open_list(driver, "Groceries")
    toggle(driver, "Eggs")
    assert all(row["checked"] and row["mark"] == "√" for row in item_rows(driver))
    back(driver, "lists")
    wait_list_rows(driver, [("Groceries", "All Done!"), ("List", "(No Items)")])

    # Unchecking brings the count back; the database agrees with the page.
    open_list(driver, "Groceries")
    toggle(driver, "Eggs")
    back(driver, "lists")
    wait_list_rows(driver, [("Groceries", "1 Remaining"), ("List", "(No Items)")])
    until(driver, lambda d: "1 Remaining" in server.cli("lists"), "the database never said 1 Remaining")


def test_edit_item_due_date_reminder_cancel_and_delete(server, browser):
    for text in ("Milk", "Eggs", "Bread"):
        server.cli("add", "List", text)
    driver = browser("desktop")
    open_list(driver, "List")
    list_id = server.list_id("List")

    # ⓘ → Edit Item: new text, Remind Me (which fills in a due date), then a chosen due date.
    click(driver, item_selector(driver, "Eggs", "edit-item"))
    wait_ready(driver, "itemForm")
    item_id = driver.execute_script("return location.pathname").split("/")[4]
    assert driver.execute_script("return location.pathname") == f"/lists/{list_id}/items/{item_id}/edit"
    assert title(driver) == "Edit Item"
    assert element(driver, tid("item-text-input")).get_attribute("value") == "Eggs"
    type_text(driver, tid("item-text-input"), "Free-range eggs")
    assert element(driver, tid("due-input")).get_attribute("value") == ""
    click(driver, tid("remind-switch"))
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("due-input")).get_attribute("value"),
          "Remind Me did not fill in a due date")
    # Type a date and time as a user would (en-US field order: month day year, hour minute AM/PM).
    due = element(driver, tid("due-input"))
    driver.execute_script("arguments[0].focus()", due)
    due.send_keys("12242030")
    due.send_keys(Keys.TAB, "0930PM")
    until_equal(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("due-input")).get_attribute("value"),
                "2030-12-24T21:30", "the due field")
    assert element(driver, tid("remind-switch")).is_selected()
    click(driver, tid("done"))
    wait_ready(driver, "list", f"/lists/{list_id}")
    until(driver, lambda d: "Free-range eggs" in item_texts(d), "the new text never showed")
    row = item_row(driver, "Free-range eggs")
    assert row["due"].startswith("Dec 24, 2030, 9:30") and row["due"].endswith("reminder on"), row["due"]
    assert element(driver, f'{tid("item-row", item_id=item_id)} .glyph-bell').is_displayed()
    assert item_texts(driver) == ["Milk", "Free-range eggs", "Bread"]
    # The outbox sends the edit after the form went back: wait for it on the server.
    until_equal(driver, lambda _: server.api("GET", f"/api/v1/items/{item_id}").body["text"], "Free-range eggs",
                "the text on the server")
    stored = server.api("GET", f"/api/v1/items/{item_id}").body
    assert stored["text"] == "Free-range eggs" and stored["remind"] is True
    assert stored["dueDate"].startswith("2030-12-24T")

    # Cancel discards a change.
    click(driver, item_selector(driver, "Milk", "edit-item"))
    wait_ready(driver, "itemForm")
    type_text(driver, tid("item-text-input"), "Oat milk")
    click(driver, tid("remind-switch"))
    click(driver, tid("cancel"))
    wait_ready(driver, "list", f"/lists/{list_id}")
    assert item_texts(driver) == ["Milk", "Free-range eggs", "Bread"]
    assert item_row(driver, "Milk")["due"] == ""

    # Remind Me off and the due date cleared: the row shows no date any more.
    click(driver, item_selector(driver, "Free-range eggs", "edit-item"))
    wait_ready(driver, "itemForm")
    click(driver, tid("clear-due"))
    assert not element(driver, tid("remind-switch")).is_selected(), "clearing the date turns Remind Me off"
    click(driver, tid("done"))
    wait_ready(driver, "list")
    until_equal(driver, lambda d: item_row(d, "Free-range eggs")["due"], "", "due text after clearing")

    # Delete in edit mode: the row goes at once, with Undo; Undo puts it back in its place.
    set_edit_mode(driver, True)
    click(driver, item_selector(driver, "Free-range eggs", "delete-item"))
    until_equal(driver, item_texts, ["Milk", "Bread"], "items after delete")
    toast = element(driver, tid("toast"))
    assert "Deleted" in toast.text and "Free-range eggs" in toast.text
    click(driver, tid("toast-action"))
    until_equal(driver, item_texts, ["Milk", "Free-range eggs", "Bread"], "items after Undo")
    set_edit_mode(driver, False)
    back(driver, "lists")
    wait_list_rows(driver, [("List", "3 Remaining")])

    # Delete Item on the Edit Item screen; the count on All Lists follows.
    open_list(driver, "List")
    click(driver, item_selector(driver, "Bread", "edit-item"))
    wait_ready(driver, "itemForm")
    click(driver, tid("delete-item-button"))
    wait_ready(driver, "list", f"/lists/{list_id}")
    until_equal(driver, item_texts, ["Milk", "Free-range eggs"], "items after Delete Item")
    back(driver, "lists")
    wait_list_rows(driver, [("List", "2 Remaining")])
    until(driver, lambda _: "Bread" not in server.cli("items", "List"), "Bread is still on the server")


def server_order(server, name: str = "List") -> list[str]:
    body = server.api("GET", f"/api/v1/checklists/{server.list_id(name)}").body
    return [item["text"] for item in body["items"]]


def test_reorder_with_buttons_keyboard_and_drag(server, browser):
    for text in ("One", "Two", "Three", "Four", "Five"):
        server.cli("add", "List", text)
    driver = browser("desktop")
    open_list(driver, "List")
    set_edit_mode(driver, True)
    element(driver, tid("drag-handle"))
    first_up = element(driver, f'{tid("item-row")}:first-child {tid("move-up")}')
    assert first_up.get_attribute("aria-disabled") == "true"

    def moved(expected, message):
        """The page shows the new order at once, and the server ends with the same one."""
        until_equal(driver, item_texts, expected, message)
        until_equal(driver, lambda _: server_order(server), expected, message + " (on the server)")
        until_equal(driver, item_texts, expected, message + " (after the server answered)")

    # Keyboard: focus a move button and press Enter.
    press(driver, item_selector(driver, "One", "move-down"), Keys.ENTER)
    moved(["Two", "One", "Three", "Four", "Five"], "after One moved down")
    # Focus stays on the moved row's button, so Enter again keeps moving it.
    until(driver, lambda d: d.execute_script(
        "const a = document.activeElement; return a.dataset.testid === 'move-down' && "
        "a.closest('li').querySelector('[data-testid=item-text]').textContent === 'One'"),
        "focus did not follow the moved row")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    moved(["Two", "Three", "One", "Four", "Five"], "after One moved down again")
    press(driver, item_selector(driver, "Five", "move-up"), Keys.ENTER)
    moved(["Two", "Three", "One", "Five", "Four"], "after Five moved up")
    # A click on a button works too.
    click(driver, item_selector(driver, "Two", "move-down"))
    moved(["Three", "Two", "One", "Five", "Four"], "after Two moved down")

    # Drag: hold the handle of "Four" and drop it on "Two" (upwards), then "Three" on "Five" (downwards).
    drag(driver, "Four", "Two")
    moved(["Three", "Four", "Two", "One", "Five"], "after dragging Four")
    drag(driver, "Three", "Five")
    expected = ["Four", "Two", "One", "Five", "Three"]
    moved(expected, "after dragging Three")

    # The order is the server's: it survives a reload and shows in the CLI.
    driver.refresh()
    wait_ready(driver, "list")
    until_equal(driver, item_texts, expected, "the order after a reload")
    until_equal(driver, lambda _: [line.split(maxsplit=1)[1] for line in server.cli("items", "List").splitlines()[1:]],
                expected, "the order in the CLI")


def test_quick_successive_moves_keep_their_order(server, browser):
    browser.allow_console(r"/move - Failed to load resource: .*status of 412")
    names = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"]
    for text in names:
        server.cli("add", "List", text)
    driver = browser("desktop")
    open_list(driver, "List")
    set_edit_mode(driver, True)
    # Quick presses of Enter on "Move One down", as a held-down key sends them.
    press(driver, item_selector(driver, "One", "move-down"), *[Keys.ENTER] * (len(names) - 1))
    expected = names[1:] + ["One"]
    until_equal(driver, item_texts, expected, "the page right after the presses")
    # Once the page and the server agree, they must agree on what the user did.
    until(driver, lambda d: item_texts(d) == server_order(server), "the page and the server never agreed")
    assert item_texts(driver) == expected, "the page lost some of the moves"
    assert server_order(server) == expected, "the server lost some of the moves"


def test_dropped_row_is_drawn_in_place(server, browser):
    for text in ("One", "Two", "Three", "Four", "Five"):
        server.cli("add", "List", text)
    driver = browser("desktop")
    open_list(driver, "List")
    set_edit_mode(driver, True)
    drag(driver, "Five", "Three")
    expected = ["One", "Two", "Five", "Three", "Four"]
    until_equal(driver, item_texts, expected, "after dragging Five")
    until_equal(driver, lambda _: server_order(server), expected, "the order on the server")
    settled(driver)
    shown = driver.get_screenshot_as_png()
    # The same page with every row forced to paint its content afresh must look the same.
    driver.execute_script(
        "document.querySelectorAll('[data-testid=item-row]').forEach(li => li.style.contentVisibility = 'visible')")
    settled(driver)
    repainted = driver.get_screenshot_as_png()
    if shown != repainted:
        path = Path(tempfile.gettempdir()) / "checklists-dropped-row.png"
        path.write_bytes(shown)
        raise AssertionError(f"the rows after a drop are not drawn as they are laid out; see {path}")
