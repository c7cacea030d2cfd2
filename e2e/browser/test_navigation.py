"""Every screen has its own URL; the browser's Back and Forward move between them; the last
opened list reopens on a fresh visit, and going back to All Lists forgets it."""

from helpers import (
    click, element, goto, item_selector, open_list, path, tid, title, until_equal, wait_ready,
)


def back_to(driver, screen: str, where: str) -> None:
    driver.back()
    wait_ready(driver, screen, where)


def test_urls_back_forward_and_last_list(server, browser):
    server.cli("list", "add", "Groceries", "--icon", "groceries")
    server.cli("add", "Groceries", "Milk")
    groceries = server.list_id("Groceries")
    milk = server.api("GET", f"/api/v1/checklists/{groceries}").body["items"][0]["id"]
    driver = browser("desktop")
    wait_ready(driver, "lists", "/")

    # Checklist, Add Item, Edit Item, each with its URL; Back returns through them.
    open_list(driver, "Groceries")
    assert path(driver) == f"/lists/{groceries}"
    click(driver, tid("add-item"))
    wait_ready(driver, "itemForm", f"/lists/{groceries}/items/new")
    assert title(driver) == "Add Item"
    back_to(driver, "list", f"/lists/{groceries}")
    assert title(driver) == "Groceries"
    click(driver, item_selector(driver, "Milk", "edit-item"))
    wait_ready(driver, "itemForm", f"/lists/{groceries}/items/{milk}/edit")
    assert title(driver) == "Edit Item"
    back_to(driver, "list", f"/lists/{groceries}")
    driver.forward()
    wait_ready(driver, "itemForm", f"/lists/{groceries}/items/{milk}/edit")
    back_to(driver, "list", f"/lists/{groceries}")
    back_to(driver, "lists", "/")
    assert title(driver) == "Checklists"

    # Add Checklist → Choose Icon, and Edit Checklist → Choose Icon.
    click(driver, tid("add-list"))
    wait_ready(driver, "listForm", "/lists/new")
    click(driver, tid("icon-row"))
    wait_ready(driver, "icon", "/lists/new/icon")
    back_to(driver, "listForm", "/lists/new")
    assert title(driver) == "Add Checklist"
    back_to(driver, "lists", "/")
    click(driver, f'{tid("list-row", list_name="Groceries")} {tid("edit-list")}')
    wait_ready(driver, "listForm", f"/lists/{groceries}/edit")
    click(driver, tid("icon-row"))
    wait_ready(driver, "icon", f"/lists/{groceries}/edit/icon")
    back_to(driver, "listForm", f"/lists/{groceries}/edit")
    assert title(driver) == "Edit Checklist"
    back_to(driver, "lists", "/")

    # The app's own Back button goes the same way.
    open_list(driver, "Groceries")
    click(driver, tid("back"))
    wait_ready(driver, "lists", "/")

    # The last opened list reopens on a fresh visit to "/" (a new page load)...
    open_list(driver, "Groceries")
    goto(driver, "/")
    wait_ready(driver, "list", f"/lists/{groceries}")
    until_equal(driver, title, "Groceries", "the reopened list's title")
    # ...with All Lists beneath it, so Back leads there; and going back forgets it.
    back_to(driver, "lists", "/")
    goto(driver, "/")
    wait_ready(driver, "lists", "/")
    assert title(driver) == "Checklists"

    # A deep link works, with its parents beneath it in history.
    goto(driver, f"/lists/{groceries}/items/{milk}/edit")
    wait_ready(driver, "itemForm", f"/lists/{groceries}/items/{milk}/edit")
    assert element(driver, tid("item-text-input")).get_attribute("value") == "Milk"
    click(driver, tid("cancel"))
    wait_ready(driver, "list", f"/lists/{groceries}")
    click(driver, tid("back"))
    wait_ready(driver, "lists", "/")

    # An unknown page, and a list that does not exist, say so.
    browser.allow_console(r"/api/v1/checklists/[0-9A-F-]+ - Failed to load resource: .*status of 404")
    goto(driver, "/lists/somewhere/else")
    element(driver, tid("not-found"))
    assert title(driver) == "Not Found"
    goto(driver, "/lists/00000000-0000-0000-0000-000000000000/edit")
    element(driver, tid("not-found"))
    click(driver, f'{tid("not-found")} button')
    wait_ready(driver, "lists", "/")
