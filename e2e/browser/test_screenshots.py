"""Screenshots of every screen for docs/screenshots/, at phone and desktop size, light and dark.

Always runs: it is how docs/screenshots stays current. The data is the iPhone app's sample
file (shared/fixtures/seed-apps/Checklists.plist) plus a few items with due dates.
"""

import datetime as dt
import os
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from helpers import (
    click, element, goto, item_selector, open_list, set_dark, settled, tid, type_text, wait_list_rows,
    wait_ready,
)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
FIXTURE = Path(os.environ.get("CHECKLISTS_FIXTURES", ROOT.parent / "shared" / "fixtures")) / "seed-apps" / "Checklists.plist"
SCREENS = ("all-lists", "checklist", "add-item", "edit-item", "add-checklist", "choose-icon", "edit-checklist")


def seed(server) -> None:
    if FIXTURE.is_file():
        server.cli("import", str(FIXTURE))
    else:  # the same lists, for a checkout without the shared fixtures
        for name, icon, items in (
            ("Birthdays", "birthdays", ["Buy a cake", "Send invitations"]),
            ("Cool Apps", "folder", []),
            ("Groceries", "groceries", ["Milk", "Eggs", "Bread"]),
            ("To Do", "chores", ["Walk the dog", "Brush my teeth", "Learn iOS development", "Soccer practice",
                                 "Eat ice cream"]),
        ):
            server.cli("list", "add", name, "--icon", icon)
            for text in items:
                server.cli("add", name, text)
        server.cli("check", "Birthdays", "Send invitations")
        server.cli("check", "Groceries", "Eggs", "Bread")
        server.cli("check", "To Do", "Brush my teeth", "Eat ice cream")
    # The sample's items all carry the app's placeholder date; give a few real ones.
    day = dt.date.today()

    def at(days: int, hour: int, minute: int = 0) -> str:
        return f"{day + dt.timedelta(days=days)} {hour:02}:{minute:02}"

    for list_name, text in (("To Do", "Walk the dog"), ("To Do", "Brush my teeth"), ("To Do", "Eat ice cream"),
                            ("Groceries", "Eggs"), ("Groceries", "Bread"), ("Birthdays", "Send invitations")):
        server.cli("edit", list_name, text, "--no-due", "--no-remind")
    server.cli("edit", "To Do", "Soccer practice", "--due", at(1, 17, 30), "--remind")
    server.cli("edit", "To Do", "Learn iOS development", "--due", at(6, 9))
    server.cli("edit", "Groceries", "Milk", "--due", at(0, 18), "--remind")
    server.cli("edit", "Birthdays", "Buy a cake", "--due", at(3, 12), "--remind")
    server.cli("add", "Groceries", "Coffee beans")
    server.cli("add", "Groceries", "Apples")
    server.cli("list", "add", "Weekend in Lisbon", "--icon", "trips")
    for text in ("Passport", "Chargers", "Book the airport taxi"):
        server.cli("add", "Weekend in Lisbon", text)
    server.cli("edit", "Weekend in Lisbon", "Book the airport taxi", "--due", at(2, 8), "--remind")
    server.cli("check", "Weekend in Lisbon", "Chargers")


def shoot(driver, name: str) -> None:
    """Saves the viewport, once the screen is drawn and still, without a hover effect."""
    wait_ready(driver)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{driver.size_name}-{name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_screenshots(server, browser, size):
    seed(server)
    driver = browser(size)
    wait_list_rows(driver, [("Birthdays", "1 Remaining"), ("Cool Apps", "(No Items)"), ("Groceries", "3 Remaining"),
                            ("List", "(No Items)"), ("To Do", "3 Remaining"), ("Weekend in Lisbon", "2 Remaining")])
    shoot(driver, "all-lists")

    open_list(driver, "To Do")
    shoot(driver, "checklist")

    click(driver, tid("add-item"))
    wait_ready(driver, "itemForm")
    type_text(driver, tid("item-text-input"), "Call grandma")
    shoot(driver, "add-item")
    click(driver, tid("cancel"))
    wait_ready(driver, "list")

    click(driver, item_selector(driver, "Soccer practice", "edit-item"))
    wait_ready(driver, "itemForm")
    element(driver, tid("item-text-input"))
    driver.execute_script("document.activeElement.blur()")
    shoot(driver, "edit-item")
    click(driver, tid("cancel"))
    wait_ready(driver, "list")
    click(driver, tid("back"))
    wait_ready(driver, "lists")

    click(driver, tid("add-list"))
    wait_ready(driver, "listForm")
    type_text(driver, tid("list-name-input"), "Garden")
    shoot(driver, "add-checklist")
    click(driver, tid("icon-row"))
    wait_ready(driver, "icon")
    shoot(driver, "choose-icon")
    click(driver, tid("back"))
    wait_ready(driver, "listForm")
    click(driver, tid("cancel"))
    wait_ready(driver, "lists")

    click(driver, f'{tid("list-row", list_name="Groceries")} {tid("edit-list")}')
    wait_ready(driver, "listForm")
    driver.execute_script("document.activeElement.blur()")
    shoot(driver, "edit-checklist")
    click(driver, tid("cancel"))
    wait_ready(driver, "lists")

    set_dark(driver, True)
    goto(driver, "/")
    wait_ready(driver, "lists", "/")
    shoot(driver, "dark-all-lists")
    open_list(driver, "To Do")
    shoot(driver, "dark-checklist")

    for name in SCREENS + ("dark-all-lists", "dark-checklist"):
        assert (SHOTS / f"{size}-{name}.png").is_file()
