"""All Lists, Add Checklist, Choose Icon and Edit Checklist, as a user sees them."""

from selenium.webdriver.common.by import By

from helpers import (
    add_list, back, choose_icon, click, element, list_icons, list_rows, path, tid, title, type_text, until,
    until_equal, wait_list_rows, wait_ready,
)


def test_first_visit_and_add_checklist(server, browser):
    driver = browser("phone")
    wait_ready(driver, "lists", "/")
    assert title(driver) == "Checklists"
    wait_list_rows(driver, [("List", "(No Items)")])
    assert list_icons(driver) == {"List": "No Icon"}

    # + → name → Choose Icon → Groceries → Done
    click(driver, tid("add-list"))
    wait_ready(driver, "listForm", "/lists/new")
    assert title(driver) == "Add Checklist"
    name = element(driver, tid("list-name-input"))
    assert name.get_attribute("placeholder") == "Name of the List"
    assert driver.switch_to.active_element == name, "the name field is focused"
    done = element(driver, tid("done"))
    assert not done.is_enabled(), "Done is disabled while the name is empty"
    type_text(driver, tid("list-name-input"), "   ")
    assert not element(driver, tid("done")).is_enabled(), "Done is disabled for a name of spaces"
    type_text(driver, tid("list-name-input"), "Groceries")
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("done")).is_enabled(), "Done never enabled")
    assert "Folder" in element(driver, tid("icon-row")).text, "a new list starts with the Folder icon"

    click(driver, tid("icon-row"))
    wait_ready(driver, "icon", "/lists/new/icon")
    assert title(driver) == "Choose Icon"
    icons = driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=icon-choice]')].map(b => b.dataset.icon)")
    assert icons == ["No Icon", "Appointments", "Birthdays", "Chores", "Drinks", "Folder", "Groceries",
                     "Inbox", "Photos", "Trips"]
    assert element(driver, tid("icon-choice", icon="Folder")).get_attribute("aria-pressed") == "true"
    click(driver, tid("icon-choice", icon="Groceries"))
    wait_ready(driver, "listForm", "/lists/new")
    assert element(driver, tid("list-name-input")).get_attribute("value") == "Groceries", "the name survives"
    assert "Groceries" in element(driver, tid("icon-row")).text
    click(driver, tid("done"))

    # The new list opens (issue 12 §3), with the inline add row focused-ready; Back is All Lists.
    wait_ready(driver, "list")
    until_equal(driver, title, "Groceries", "the new list opens once made")
    assert path(driver).startswith("/lists/") and path(driver) != "/lists/new"
    element(driver, tid("inline-add-input"))
    back(driver, "lists")
    wait_ready(driver, "lists", "/")
    wait_list_rows(driver, [("Groceries", "(No Items)"), ("List", "(No Items)")])
    assert list_icons(driver) == {"Groceries": "Groceries", "List": "No Icon"}
    # The icon is drawn from its own image.
    mask = driver.execute_script(
        "return getComputedStyle(document.querySelector("
        "'[data-list-name=Groceries] .icon')).getPropertyValue('--mask')")
    assert "groceries.svg" in mask

    # Sorted as Finder sorts: "List 2" before "List 10", case ignored.
    add_list(driver, "list 10")
    add_list(driver, "List 2")
    add_list(driver, "apples")
    wait_list_rows(driver, [("apples", "(No Items)"), ("Groceries", "(No Items)"), ("List", "(No Items)"),
                            ("List 2", "(No Items)"), ("list 10", "(No Items)")])
    # A name taken (ignoring case) is refused with a message, and nothing is added.
    browser.allow_console(r"/api/v1/checklists - Failed to load resource: .*status of 409")
    click(driver, tid("add-list"))
    wait_ready(driver, "listForm")
    type_text(driver, tid("list-name-input"), "GROCERIES")
    click(driver, tid("done"))
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("form-error")).text.strip(),
          "no error shown for a duplicate name")
    click(driver, tid("cancel"))
    wait_ready(driver, "lists", "/")
    assert [n for n, _ in list_rows(driver)].count("Groceries") == 1


def test_edit_and_delete_checklist(server, browser):
    server.cli("list", "add", "Groceries", "--icon", "groceries")
    server.cli("add", "Groceries", "Milk")
    server.cli("add", "Groceries", "Eggs")
    server.cli("list", "add", "Trips", "--icon", "trips")
    driver = browser("desktop")
    wait_list_rows(driver, [("Groceries", "2 Remaining"), ("List", "(No Items)"), ("Trips", "(No Items)")])

    # ⓘ → Edit Checklist: rename and change the icon.
    click(driver, f'{tid("list-row", list_name="Groceries")} {tid("edit-list")}')
    wait_ready(driver, "listForm")
    list_id = server.list_id("Groceries")
    assert driver.execute_script("return location.pathname") == f"/lists/{list_id}/edit"
    assert title(driver) == "Edit Checklist"
    assert element(driver, tid("list-name-input")).get_attribute("value") == "Groceries"
    assert "Groceries" in element(driver, tid("icon-row")).text
    type_text(driver, tid("list-name-input"), "Weekly Shop")
    choose_icon(driver, "Inbox")
    assert element(driver, tid("list-name-input")).get_attribute("value") == "Weekly Shop"
    click(driver, tid("done"))
    wait_ready(driver, "lists", "/")
    wait_list_rows(driver, [("List", "(No Items)"), ("Trips", "(No Items)"), ("Weekly Shop", "2 Remaining")])
    assert list_icons(driver)["Weekly Shop"] == "Inbox"
    assert "Weekly Shop" in server.cli("lists")

    # Cancel discards a change.
    click(driver, f'{tid("list-row", list_name="Trips")} {tid("edit-list")}')
    wait_ready(driver, "listForm")
    type_text(driver, tid("list-name-input"), "Holidays")
    choose_icon(driver, "Birthdays")
    click(driver, tid("cancel"))
    wait_ready(driver, "lists", "/")
    wait_list_rows(driver, [("List", "(No Items)"), ("Trips", "(No Items)"), ("Weekly Shop", "2 Remaining")])
    assert list_icons(driver)["Trips"] == "Trips"

    # Delete Checklist on the form: the confirm dialog says what goes; Cancel keeps it.
    click(driver, f'{tid("list-row", list_name="Weekly Shop")} {tid("edit-list")}')
    wait_ready(driver, "listForm")
    click(driver, tid("delete-list-button"))
    dialog = element(driver, tid("confirm-dialog"))
    assert "Weekly Shop" in dialog.text and "2 items" in dialog.text
    click(driver, tid("confirm-cancel"))
    until(driver, lambda d: not d.find_element(By.CSS_SELECTOR, tid("confirm-dialog")).is_displayed())
    assert title(driver) == "Edit Checklist"
    click(driver, tid("delete-list-button"))
    element(driver, tid("confirm-dialog"))
    click(driver, tid("confirm-ok"))
    wait_ready(driver, "lists", "/")
    wait_list_rows(driver, [("List", "(No Items)"), ("Trips", "(No Items)")])
    assert "Weekly Shop" not in server.cli("lists")

    # Edit mode on All Lists: the row's delete button, then the dialog.
    click(driver, tid("edit-mode"))
    click(driver, f'{tid("list-row", list_name="Trips")} {tid("delete-list")}')
    element(driver, tid("confirm-dialog"))
    click(driver, tid("confirm-ok"))
    wait_list_rows(driver, [("List", "(No Items)")])
    until_equal(driver, lambda d: [line.split()[1] for line in server.cli("lists").splitlines()[1:]], ["List"],
                "lists in the database")
