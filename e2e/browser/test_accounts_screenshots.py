"""Screenshots of signing in and sharing for docs/screenshots/, at phone and desktop size:
login-{size}.png (the sign-in page after a wrong password), share-{size}.png (the Share sheet of
alice's shopping list, shared with bob and carol) and shared-lists-{size}.png (bob's Shopping
Lists with alice's list) and tokens-{size}.png (alice's Command line & tokens sheet, with a
command line and a script's token). Always runs, like test_screenshots.py; the content is fixed.
"""

import json
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from accounts_helpers import (
    login_message, on_login_page, open_tokens_sheet, sign_in, submit_sign_in, wait_members, wait_tokens,
)
from helpers import click, settled, tid, until, until_equal, wait_ready
from shopping_helpers import wait_lines

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"


@pytest.fixture
def server(accounts_server):
    accounts_server.cli("user", "add", "carol", input="carol-password\n")
    return accounts_server


def shoot(driver, name: str) -> None:
    """Saves the viewport once it is still, without hover, focus rings or toasts."""
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    driver.execute_script("document.getElementById('toasts')?.replaceChildren(); document.activeElement?.blur();")
    settled(driver)
    driver.execute_script("return document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}-{driver.size_name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    assert path.stat().st_size > 2000, f"{path} is suspiciously small"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_accounts_screenshots(server, browser, size):
    browser.allow_console(r"/api/v1/session - Failed to load resource: the server responded with a status of 401")
    server.cli("--user", "alice", "shop", "add", "Milk", "Eggs", "Sourdough bread", "Bananas")
    server.cli("--user", "alice", "shop", "check", "Bananas")
    lists = server.api("GET", "/api/v1/shopping-lists", user="alice").body["lists"]
    list_id = next(entry["id"] for entry in lists if entry["name"] == "Shopping List")
    for user, role in (("bob", "checker"), ("carol", "viewer")):
        assert server.api("PUT", f"/api/v1/shares/{list_id}/{user}", {"role": role}, user="alice").status == 200

    alice = browser(size, path=None)
    alice.get(server.url + "/")
    until(alice, on_login_page)
    submit_sign_in(alice, "alice", "wrong-password")
    until_equal(alice, login_message, "The user name or password is not right.")
    alice.execute_script("document.getElementById('password').value = ''")
    shoot(alice, "login")

    submit_sign_in(alice, "alice", "alice-password")
    wait_ready(alice)
    alice.get(f"{server.url}/shopping/lists/{list_id}")
    wait_ready(alice, "shoppingList")
    # In the shop's order: by the categories the grocery table gave them (bread, then dairy), then
    # the cart.
    lines = server.api("GET", f"/api/v1/shopping-lists/{list_id}", user="alice").body["lines"]
    assert [line["item"]["name"] for line in lines] == ["Sourdough bread", "Eggs", "Milk", "Bananas"]
    wait_lines(alice, [(line["item"]["name"], line["inCart"], "1") for line in lines])
    click(alice, tid("share-list"))
    wait_members(alice, [["bob", "checker"], ["carol", "viewer"]])
    shoot(alice, "share")

    bob = browser(size, path=None)
    sign_in(bob, "bob", next_path="/shopping/lists", screen="shoppingLists")
    until(bob, lambda d: d.find_elements(By.CSS_SELECTOR, tid("list-shared")), "alice's list never showed for bob")
    shoot(bob, "shared-lists")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_tokens_screenshots(server, browser, size):
    """A command line signed in (just used) and a script's token (never used)."""
    names = ["checklists on alice-laptop", "backup script"]
    for name in names:
        made = json.loads(server.cli("--user", "alice", "token", "create", name, "--json"))
        if name != "backup script":
            request = urllib.request.Request(server.url + "/api/v1/checklists",
                                             headers={"Authorization": f"Bearer {made['token']}"})
            with urllib.request.urlopen(request, timeout=30) as response:
                assert response.status == 200

    alice = browser(size, path=None)
    sign_in(alice, "alice")
    open_tokens_sheet(alice)
    wait_tokens(alice, names)
    shoot(alice, "tokens")
