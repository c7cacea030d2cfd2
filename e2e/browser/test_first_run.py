"""The first day: a new catalogue is empty and the Items screen offers the starter set of common
groceries (one tap adds them all; ticking adds just those), the empty Shopping tab says what
Items is for, and choosing a currency in Settings shows the prices in it.

Screenshots: docs/screenshots/{phone,desktop}-starter.png.
"""

from pathlib import Path

import pytest
from selenium.webdriver.support.ui import Select

from axe_helpers import axe_violations, describe
from helpers import click, element, goto, settled, tid, until, until_equal, wait_ready
from shopping_helpers import catalogue_ids, catalogue_row, create_list, open_shopping_list

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

OFFERED = """
return [...document.querySelectorAll('[data-testid=starter-item]')].map(box => box.dataset.name);
"""


def server_catalogue(server) -> list[dict]:
    return server.api("GET", "/api/v1/catalogue").body["items"]


def open_starter(driver) -> list[str]:
    goto(driver, "/shopping/items", "catalogue")
    element(driver, tid("starter"))
    return until(driver, lambda d: d.execute_script(OFFERED), "the starter set offered nothing")


def test_an_empty_catalogue_offers_the_starter_set_and_one_tap_adds_it(server, browser):
    assert server_catalogue(server) == [], "a new catalogue starts empty"
    driver = browser("phone", path=None)
    offered = open_starter(driver)
    assert len(offered) >= 100, f"only {len(offered)} starter items"
    assert element(driver, tid("catalogue-empty")).is_displayed()

    click(driver, tid("starter-add-all"))
    until_equal(driver, lambda _: len(server_catalogue(server)), len(offered), "starter items on the server")
    # They show on Items at once (the offer is gone), each with its category and no price.
    until(driver, lambda d: not d.find_element("css selector", tid("catalogue-empty")).is_displayed(),
          "the empty state stayed")
    first = sorted(offered, key=str.casefold)[0]
    row = catalogue_row(driver, first)
    assert row["price"] == "" and row["detail"], row
    assert all(item["category"] and item["price"] is None for item in server_catalogue(server))


def test_ticked_starter_items_are_added_alone(server, browser):
    driver = browser("desktop", path=None)
    offered = open_starter(driver)
    chosen = offered[:2]
    for name in chosen:
        click(driver, f'{tid("starter-item")}[data-name="{name}"]')
    until_equal(driver, lambda d: element(d, tid("starter-add-selected")).text, "Add 2 Selected", "the Add button")
    click(driver, tid("starter-add-selected"))
    until_equal(driver, lambda _: sorted(i["name"] for i in server_catalogue(server)), sorted(chosen),
                "just the ticked items on the server")
    for name in chosen:
        catalogue_row(driver, name)


def test_the_empty_shopping_tab_says_what_items_are_for(server, browser):
    driver = browser("phone", path=None)
    goto(driver, "/shopping", "shoppingList")
    hint = element(driver, tid("first-run-hint"))
    assert hint.text == "What you buy again and again lives in Items; tap to put it on the list."
    # Once something is on the list, the hint is gone with the empty state.
    response = server.api("POST", "/api/v1/catalogue", {"name": "Coffee", "price": "8.99"})
    assert response.status == 201, response.body
    list_id = driver.execute_script("return location.pathname.split('/').pop()")
    coffee = catalogue_ids(server)["Coffee"]
    assert server.api("PUT", f"/api/v1/shopping-lists/{list_id}/entries/{coffee}").status in (200, 201)
    until(driver, lambda d: not d.find_elements("css selector", tid("first-run-hint"))
          or not d.find_element("css selector", tid("first-run-hint")).is_displayed(), "the hint stayed")


def test_changing_the_currency_shows_prices_in_it(server, browser):
    assert server.api("POST", "/api/v1/catalogue", {"name": "Coffee", "price": "8.99"}).status == 201
    weekly = create_list(server, "Weekly")
    coffee = catalogue_ids(server)["Coffee"]
    assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/entries/{coffee}").status in (200, 201)
    driver = browser("phone", path=None)
    goto(driver, "/shopping/items", "catalogue")
    assert catalogue_row(driver, "Coffee")["price"] == "€8.99"

    # Settings, from the Items screen.
    click(driver, tid("open-settings"))
    wait_ready(driver, "shoppingSettings", "/shopping/settings")
    violations = axe_violations(driver)
    assert not violations, describe(violations)
    select = Select(element(driver, tid("currency-select")))
    assert select.first_selected_option.get_attribute("value") == "EUR"
    assert element(driver, tid("relabel-switch")).is_selected()
    select.select_by_value("GBP")
    until(driver, lambda d: "now in" in element(d, tid("currency-status")).text, "no word that the currency changed")
    assert server.api("GET", "/api/v1/settings").body["currency"] == "GBP"

    goto(driver, "/shopping/items", "catalogue")
    until_equal(driver, lambda d: catalogue_row(d, "Coffee")["price"], "£8.99", "Coffee's price in pounds")
    open_shopping_list(driver, weekly)
    until_equal(driver, lambda d: element(d, tid("total")).text, "£8.99", "the list's total in pounds")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_starter_screenshots(server, browser, size):
    driver = browser(size, path=None)
    open_starter(driver)
    driver.execute_script("document.activeElement?.blur(); window.scrollTo(0, 0)")
    settled(driver)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{size}-starter.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000
    violations = axe_violations(driver)
    assert not violations, describe(violations)
