"""Screenshots of the Shopping tab for docs/screenshots/, at phone and desktop size:
shopping-list-{size}.png (some lines in the cart), shopping-items-{size}.png and
shopping-edit-item-{size}.png. Always runs, like test_screenshots.py; the content is fixed.
"""

from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from helpers import click, element, settled, tid, wait_ready
from shopping_helpers import (
    catalogue_ids, catalogue_row, catalogue_selector, create_list, open_shopping_list, wait_lines, wait_totals,
)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

# name, price, unit, category; then the Weekly list: name, quantity, in the cart.
ITEMS = [
    ("Milk", "1.15", "1 l", "Dairy"),
    ("Eggs", "2.49", "6 pack", "Dairy"),
    ("Sourdough bread", "3.90", None, "Bakery"),
    ("Bananas", "1.89", "1 kg", "Fruit"),
    ("Tomatoes", "2.79", "500 g", "Vegetables"),
    ("Coffee beans", "8.99", "500 g", "Pantry"),
    ("Olive oil", "7.45", "750 ml", "Pantry"),
    ("Dish soap", None, None, "Household"),
]
WEEKLY = [("Milk", 2, True), ("Eggs", 1, False), ("Sourdough bread", 1, False), ("Bananas", 1, True),
          ("Tomatoes", 2, False), ("Coffee beans", 1, False), ("Dish soap", 1, False)]


def seed(server) -> str:
    for name, price, unit, category in ITEMS:
        response = server.api("POST", "/api/v1/catalogue", {"name": name, "price": price, "unit": unit,
                                                             "category": category})
        assert response.status == 201, response.body
    ids = catalogue_ids(server)
    weekly = create_list(server, "Weekly")
    create_list(server, "Party")
    for name, quantity, in_cart in WEEKLY:
        entry = f"/api/v1/shopping-lists/{weekly}/entries/{ids[name]}"
        assert server.api("PUT", entry, {"quantity": quantity}).status in (200, 201)
        if in_cart:
            assert server.api("PATCH", entry, {"inCart": True}).status == 200
    return weekly


def shoot(driver, name: str, scroll: str = "top") -> None:
    """Saves the viewport once the screen is drawn and still, without hover or toasts."""
    wait_ready(driver)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    driver.execute_script("document.getElementById('toasts').replaceChildren(); document.activeElement?.blur();"
                          "window.scrollTo(0, arguments[0] === 'bottom' ? document.documentElement.scrollHeight : 0)",
                          scroll)
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"shopping-{name}-{driver.size_name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    driver.execute_script("window.scrollTo(0, 0)")
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_shopping_screenshots(server, browser, size):
    weekly = seed(server)
    driver = browser(size, path=None)
    open_shopping_list(driver, weekly)
    # Shopping order: to get first, then the cart; each by category (Bakery, Dairy, …), then name.
    wait_lines(driver, [("Sourdough bread", False, "1"), ("Eggs", False, "1"), ("Dish soap", False, "1"),
                        ("Coffee beans", False, "1"), ("Tomatoes", False, "2"), ("Milk", True, "2"),
                        ("Bananas", True, "1")])
    # 3.90 + 2.49 + 8.99 + 2 × 2.79 + 2 × 1.15 + 1.89; in the cart 2 × 1.15 + 1.89.
    wait_totals(driver, cart="€4.19", total="€25.15", note="1 without a price")
    shoot(driver, "list", scroll="bottom")  # mid-trip: the cart's lines in sight

    click(driver, tid("segment-items"))
    wait_ready(driver, "catalogue", "/shopping/items")
    assert catalogue_row(driver, "Bananas")["onList"] and not catalogue_row(driver, "Olive oil")["onList"]
    shoot(driver, "items")

    click(driver, catalogue_selector(driver, "Coffee beans", "edit-catalogue-item"))
    wait_ready(driver, "catalogueItemForm")
    element(driver, tid("item-price-input"))
    shoot(driver, "edit-item")

    for name in ("list", "items", "edit-item"):
        assert (SHOTS / f"shopping-{name}-{size}.png").is_file()
