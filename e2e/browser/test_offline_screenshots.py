"""Screenshots of the offline states for docs/screenshots/, at phone and desktop size: edits
waiting to be sent (the banner with its count, rows marked "Waiting to send") and a conflict
shown at its row. Rewritten on every run, as test_screenshots.py does.
"""

from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from helpers import click, settled, until, until_equal, wait_ready
from offline_helpers import (
    add_line, assert_pending, assert_waiting_text, checklist_view, offline, online, phone, rename, server_checklist,
    shopping_view, visit, wait_conflict, wait_controlled, wait_offline_banner,
)
from shopping_helpers import line_selector, shopping_list_id, toggle_line, wait_lines

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"


@pytest.fixture
def server(linked_server):
    return linked_server


def shoot(driver, name: str) -> None:
    """Saves the viewport once the screen is drawn and still, without a hover effect."""
    wait_ready(driver)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    driver.execute_script("document.activeElement?.blur()")
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}-{driver.size_name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_screenshot_of_edits_waiting_offline(server, browser, links, size):
    server.cli("shop", "add", "Bread", "Mango", "Pencil", "Milk", "Eggs", "Pear")
    server.cli("shop", "quantity", "Mango", "3")
    shopping = shopping_list_id(server, "Shopping List")
    driver = phone(browser, links["A"], size=size, path=None)
    visit(driver, f"/shopping/lists/{shopping}", "shoppingList")
    wait_controlled(driver)
    # In the shop's order: by the categories the grocery table gave them, then by name.
    lines = server.api("GET", f"/api/v1/shopping-lists/{shopping}").body["lines"]
    assert sorted(line["item"]["name"] for line in lines) == ["Bread", "Eggs", "Mango", "Milk", "Pear", "Pencil"]
    wait_lines(driver, [(line["item"]["name"], False, str(line["quantity"])) for line in lines])

    offline(driver)
    toggle_line(driver, "Bread")
    toggle_line(driver, "Milk")
    click(driver, line_selector(driver, "Eggs", "qty-plus"))
    until_equal(driver, lambda d: ("Eggs", False, "2") in shopping_view(d), True, "Eggs at 2")
    add_line(driver, "Salt")
    assert_pending(driver, {"Bread", "Milk", "Eggs", "Salt"}, testid="line-row", name_of="line-name", exact=True)
    assert_waiting_text(wait_offline_banner(driver, at_least=4, message="four changes waiting"))
    shoot(driver, "offline-waiting")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_screenshot_of_a_conflict_at_its_row(server, browser, links, size):
    server.cli("list", "add", "Groceries", "--icon", "groceries")
    for text in ("Milk", "Salt", "Eggs", "Bread", "Coffee beans"):
        server.cli("add", "Groceries", text)
    server.cli("check", "Groceries", "Eggs")
    groceries = server.list_id("Groceries")
    driver = phone(browser, links["A"], size=size, path=None)
    visit(driver, f"/lists/{groceries}", "list")
    wait_controlled(driver)

    offline(driver)
    rename(driver, "Salt", "Rock salt")
    server.cli("edit", "Groceries", "Salt", "--text", "Sea salt")  # another device, meanwhile
    online(driver)
    conflict = wait_conflict(driver, "changed", "“Sea salt”", "the rename made offline met one made elsewhere")
    assert conflict["message"].startswith("Changed on another device to “Sea salt”"), conflict
    assert {"conflict-keep-mine", "conflict-keep-theirs"} <= set(conflict["buttons"]), conflict
    # (The CLI wrote the file directly: the server's cached answer follows within 100 ms.)
    until(driver, lambda _: "Sea salt" in [text for text, _ in server_checklist(server, groceries)],
          "theirs was overwritten")
    assert len(checklist_view(driver)) == 5
    shoot(driver, "row-conflict")
