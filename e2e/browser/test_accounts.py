"""Accounts and shared lists in the browser (issue 5): signing in and out, sharing a shopping
list through the Share sheet and both people checking items off live, roles, leaving, revoking.

Every test here runs `accounts_server` (alice and bob exist before `serve` starts), so every page
asks to sign in first. Each person has their own browser (a separate Chromium profile).
"""

import pytest
from selenium.webdriver.common.by import By

from accounts_helpers import (
    account_name, checklist_rows, choose, close_share_sheet, fetch_status, login_message, on_login_page, share_error,
    share_with, shared_shopping_row_id, shopping_rows, sign_in, sign_out, submit_sign_in, wait_members,
)
from helpers import (
    click, element, item_rows, item_selector, tid, title, type_text, until, until_equal, until_js, wait_ready,
)
from shopping_helpers import line_selector, wait_lines


@pytest.fixture
def server(accounts_server):
    return accounts_server


def visible(driver, selector: str) -> bool:
    return any(el.is_displayed() for el in driver.find_elements(By.CSS_SELECTOR, selector))


def test_sign_in_and_out(server, browser):
    # Signing in is a request the page makes: a wrong password is a 401 in the console.
    browser.allow_console(r"401 \(Unauthorized\)")
    assert server.api("GET", "/api/v1/checklists").status == 401
    server.cli("--user", "alice", "list", "add", "Chores")
    driver = browser("phone", path=None)

    driver.get(server.url + "/")
    until(driver, on_login_page, "/ did not go to /login")
    assert driver.execute_script("return new URLSearchParams(location.search).get('next')") == "/"

    submit_sign_in(driver, "alice", "not-the-password")
    until_equal(driver, login_message, "The user name or password is not right.", "message for a wrong password")
    assert on_login_page(driver)

    submit_sign_in(driver, "alice", "alice-password")
    wait_ready(driver, "lists")
    assert driver.execute_script("return location.pathname") == "/"
    until_equal(driver, account_name, "alice", "the signed-in user's name in the tab bar")
    assert [name for name, _ in checklist_rows(driver)] == ["Chores"]
    assert fetch_status(driver, "/api/v1/checklists") == 200
    # The offline shell takes over, so the page after signing out comes from its cache.
    until_js(driver, "return !!navigator.serviceWorker.controller", message="the service worker never took over")

    sign_out(driver)
    assert fetch_status(driver, "/api/v1/checklists") == 401
    # The app's pages send a signed-out browser to sign in again, even from the offline shell
    # (which answers app pages before the server can redirect: the app's 401 does it).
    driver.get(server.url + "/lists/new")
    until(driver, on_login_page, "an app page did not go to /login after signing out")
    assert driver.execute_script("return new URLSearchParams(location.search).get('next')") == "/lists/new"


def test_single_user_mode_shows_no_account(tmp_path, request):
    """Without accounts nothing about signing in shows (the regular `server` fixture)."""
    from conftest import Browsers, Server, binary_path

    srv = Server(binary=binary_path(), db=tmp_path / "single.sqlite")
    srv.start()
    browsers = Browsers(srv, request)
    try:
        driver = browsers("desktop")
        assert driver.execute_script("return document.getElementById('account').hidden") is True
        assert account_name(driver) is None
        assert browsers.severe() == []
    finally:
        browsers.quit()
        srv.stop()


def test_expired_session_goes_to_sign_in(server, browser):
    """An API answer of 401 (the session ended elsewhere) sends the page to /login and back."""
    browser.allow_console(r"401 \(Unauthorized\)")
    server.cli("--user", "alice", "list", "add", "Chores")
    driver = browser("desktop", path=None)
    sign_in(driver, "alice", screen="lists")
    # A new password ends every session of alice's.
    server.cli("user", "passwd", "alice", input="alice-password\n")
    click(driver, f'{tid("list-row", list_name="Chores")} {tid("open-list")}')
    until(driver, on_login_page, "a 401 did not go to /login")
    list_path = "/lists/" + server.api("GET", "/api/v1/checklists", user="alice").body["checklists"][0]["id"]
    assert driver.execute_script("return new URLSearchParams(location.search).get('next')") in (list_path, "/")
    submit_sign_in(driver, "alice", "alice-password")
    wait_ready(driver)
    until_equal(driver, account_name, "alice", "name after signing in again")


def test_share_a_shopping_list_and_check_off_together(server, browser):
    """The issue's test: alice shares her shopping list with bob (can check off); both check
    items off and see each other's checks live; bob can't rename or delete it; alice revokes and
    it leaves bob's lists live."""
    browser.allow_console(r"/api/v1/shares/[^ ]+/(carol|alice) - Failed to load resource: the server responded with a status of (404|422)")
    # Without categories, so the list reads by name whatever the grocery table says.
    for name in ("Milk", "Eggs", "Coffee"):
        assert server.api("POST", "/api/v1/catalogue", {"name": name, "category": None}, user="alice").status == 201
    server.cli("--user", "alice", "shop", "add", "Milk", "Eggs", "Coffee")
    alice_list = shopping_list_id_of(server, "alice", "Shopping List")

    alice = browser("desktop", path=None)
    sign_in(alice, "alice", next_path=f"/shopping/lists/{alice_list}", screen="shoppingList")
    wait_lines(alice, [("Coffee", False, "1"), ("Eggs", False, "1"), ("Milk", False, "1")])

    # The Share sheet, from the list's bar: unknown users and alice herself are refused inline.
    click(alice, tid("share-list"))
    wait_members(alice, [])
    assert visible(alice, tid("share-empty"))
    share_with(alice, "carol", "checker")
    until_equal(alice, share_error, "There is no user called 'carol'.", "error for an unknown user")
    share_with(alice, "alice", "checker")
    until_equal(alice, share_error, "A list cannot be shared with its owner.", "error for sharing with oneself")
    share_with(alice, "bob", "checker")
    wait_members(alice, [["bob", "checker"]])
    assert share_error(alice) == ""
    close_share_sheet(alice)

    bob = browser("phone", path=None)
    sign_in(bob, "bob", next_path="/shopping/lists", screen="shoppingLists")
    shared_id = shared_shopping_row_id(bob, "alice")
    assert shared_id == alice_list
    assert ("Shopping List", "Shared by alice · can check off") in shopping_rows(bob)
    click(bob, f'{tid("shopping-list-row", list_id=shared_id)} {tid("open-shopping-list")}')
    wait_ready(bob, "shoppingList", f"/shopping/lists/{shared_id}")
    wait_lines(bob, [("Coffee", False, "1"), ("Eggs", False, "1"), ("Milk", False, "1")])
    until_equal(bob, lambda d: element(d, tid("shared-note")).text,
                "alice’s list: you can put things in the cart and finish shopping.", "bob's note")
    # A checker adds nothing, changes no quantity and doesn't share.
    assert not visible(bob, tid("add-line-input"))
    assert not visible(bob, tid("qty-plus"))
    assert not visible(bob, tid("share-list"))
    assert visible(bob, tid("finish-shopping"))

    # Both check items off; each sees the other's checks live.
    click(bob, line_selector(bob, "Milk", "line-toggle"))
    wait_lines(alice, [("Coffee", False, "1"), ("Eggs", False, "1"), ("Milk", True, "1")], "alice sees bob's check")
    click(alice, line_selector(alice, "Eggs", "line-toggle"))
    wait_lines(bob, [("Coffee", False, "1"), ("Eggs", True, "1"), ("Milk", True, "1")], "bob sees alice's check")
    click(bob, line_selector(bob, "Milk", "line-toggle"))
    wait_lines(alice, [("Coffee", False, "1"), ("Milk", False, "1"), ("Eggs", True, "1")], "alice sees bob's uncheck")

    # Bob cannot rename or delete it: its screen under ⓘ offers only to leave.
    click(bob, tid("back"))
    wait_ready(bob, "shoppingLists")
    click(bob, f'{tid("shopping-list-row", list_id=shared_id)} {tid("edit-shopping-list")}')
    wait_ready(bob, "shoppingListForm")
    element(bob, tid("leave-list"))
    assert element(bob, tid("shared-owner")).text == "alice"
    assert element(bob, tid("shared-role")).text == "Can check off"
    assert not visible(bob, tid("shopping-list-name-input"))
    assert not visible(bob, tid("delete-shopping-list-button"))
    assert not visible(bob, tid("done"))
    # Nor can he through the API with his session: the server names the role.
    answer = bob.execute_async_script("""
const done = arguments[arguments.length - 1];
(async () => {
  const session = await (await fetch('/api/v1/session')).json();
  const r = await fetch('/api/v1/shopping-lists/' + arguments[0], {method: 'PATCH',
    headers: {'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken}, body: '{"name":"Mine"}'});
  done([r.status, (await r.json()).detail]);
})();""", shared_id)
    browser.allow_console(r"shopping-lists/[^ ]+ - Failed to load resource: the server responded with a status of 403")
    assert answer == [403, "'Shopping List' is shared with you as checker: you cannot rename, delete or share it."]
    click(bob, tid("back"))
    wait_ready(bob, "shoppingLists")

    # Alice revokes; the list leaves bob's lists at once.
    click(alice, tid("share-list"))
    wait_members(alice, [["bob", "checker"]])
    click(alice, f'{tid("share-member")}[data-user="bob"] {tid("share-remove")}')
    wait_members(alice, [])
    until(bob, lambda d: all(shared is None for _, shared in shopping_rows(d)) and shopping_rows(d),
          "the revoked list stayed in bob's lists")
    assert alice_list not in bob.execute_script(
        "return [...document.querySelectorAll('[data-testid=shopping-list-row]')].map(li => li.dataset.listId)")


def test_checklist_roles_live_and_leaving(server, browser):
    """A checklist shared as viewer shows no controls; a new role applies live; bob leaves it."""
    server.cli("--user", "alice", "list", "add", "Packing")
    for text in ("Passport", "Charger"):
        server.cli("--user", "alice", "add", "Packing", text)

    alice = browser("desktop", path=None)
    sign_in(alice, "alice", screen="lists")
    click(alice, f'{tid("list-row", list_name="Packing")} {tid("edit-list")}')
    wait_ready(alice, "listForm")
    until_equal(alice, lambda d: element(d, tid("share-summary")).text, "Not shared", "share row summary")
    click(alice, tid("share-row"))
    wait_members(alice, [])
    share_with(alice, "bob", "viewer")
    wait_members(alice, [["bob", "viewer"]])

    bob = browser("phone", path=None)
    sign_in(bob, "bob", screen="lists")
    until(bob, lambda d: ("Packing", "Shared by alice · view only") in checklist_rows(d), "Packing never showed for bob")
    click(bob, f'{tid("list-row", list_name="Packing")} {tid("open-list")}')
    wait_ready(bob, "list")
    until_equal(bob, lambda d: [r["text"] for r in item_rows(d)], ["Passport", "Charger"], "bob's items")
    assert element(bob, tid("shared-note")).text == "alice’s list: you can look, not change it."
    assert not visible(bob, tid("add-item"))
    assert not visible(bob, tid("edit-mode"))
    assert not visible(bob, tid("edit-item"))
    assert bob.find_element(By.CSS_SELECTOR, item_selector(bob, "Passport", "item-toggle")).get_attribute("aria-disabled") == "true"
    click(bob, item_selector(bob, "Passport", "item-toggle"))  # tells why instead
    until(bob, lambda d: "you can look, not change it" in d.find_element(By.CSS_SELECTOR, tid("toasts")).text)
    assert [r["checked"] for r in item_rows(bob)] == [False, False]

    # Alice makes bob an editor; his screen offers the controls without a reload.
    choose(alice, f'{tid("share-member")}[data-user="bob"] {tid("share-member-role")}', "editor")
    until(alice, lambda d: server.api("GET", f"/api/v1/shares/{list_id_of(server, 'alice', 'Packing')}",
                                      user="alice").body["members"] == [{"user": "bob", "role": "editor"}])
    until(bob, lambda d: visible(d, tid("add-item")), "bob's Add never showed after the new role")
    assert visible(bob, tid("edit-item"))
    click(bob, item_selector(bob, "Charger", "item-toggle"))
    until(alice, lambda d: server.api("GET", "/api/v1/checklists", user="alice").body["checklists"][0]["remainingCount"] == 1)
    close_share_sheet(alice)

    # Bob leaves the list: it goes from his lists and from alice's members.
    click(bob, tid("back"))
    wait_ready(bob, "lists")
    click(bob, f'{tid("list-row", list_name="Packing")} {tid("edit-list")}')
    wait_ready(bob, "listForm")
    assert title(bob) == "Packing"
    click(bob, tid("leave-list"))
    click(bob, tid("confirm-ok"))
    wait_ready(bob, "lists", "/")
    until(bob, lambda d: "Packing" not in [n for n, _ in checklist_rows(d)], "Packing stayed in bob's lists")
    until_equal(alice, lambda d: element(d, tid("share-summary")).text, "Not shared", "alice's summary after bob left")


def test_editor_adds_to_a_shared_shopping_list(server, browser):
    """An editor adds by name into the owner's catalogue, changes quantities and takes things off."""
    server.cli("--user", "alice", "shop", "add", "Milk")
    alice_list = shopping_list_id_of(server, "alice", "Shopping List")
    assert server.api("PUT", f"/api/v1/shares/{alice_list}/bob", {"role": "editor"}, user="alice").status == 200

    bob = browser("desktop", path=None)
    sign_in(bob, "bob", next_path=f"/shopping/lists/{alice_list}", screen="shoppingList")
    wait_lines(bob, [("Milk", False, "1")])
    type_text(bob, tid("add-line-input"), "Bread")
    click(bob, tid("add-line-button"))
    wait_lines(bob, [("Bread", False, "1"), ("Milk", False, "1")])
    click(bob, line_selector(bob, "Milk", "qty-plus"))
    wait_lines(bob, [("Bread", False, "1"), ("Milk", False, "2")])
    # Alice's catalogue now has the Bread bob added, once.
    names = [i["name"] for i in server.api("GET", "/api/v1/catalogue", user="alice").body["items"]]
    assert names.count("Bread") == 1
    # The quantity shows at once and is sent from the outbox: alice's list has it soon after.
    until(bob, lambda _: sorted((l["item"]["name"], l["quantity"]) for l in server.api(
        "GET", f"/api/v1/shopping-lists/{alice_list}", user="alice").body["lines"]) == [("Bread", 1), ("Milk", 2)],
        "alice's list never got bob's Bread and Milk × 2")
    # Bob's own Items screen is his catalogue, and says where to add to alice's list.
    click(bob, tid("segment-items"))
    wait_ready(bob, "catalogue")
    until(bob, lambda d: "alice’s list" in element(d, tid("catalogue-hint")).text)


def shopping_list_id_of(server, user: str, name: str) -> str:
    lists = server.api("GET", "/api/v1/shopping-lists", user=user).body["lists"]
    return next(entry["id"] for entry in lists if entry["name"] == name and "owner" not in entry)


def list_id_of(server, user: str, name: str) -> str:
    lists = server.api("GET", "/api/v1/checklists", user=user).body["checklists"]
    return next(entry["id"] for entry in lists if entry["name"] == name)


def test_the_shopping_tab_opens_the_household_list(server, browser):
    """Bob's own Shopping List is empty; alice shared hers, with things on it: the Shopping tab
    opens hers, not his empty one."""
    server.cli("--user", "alice", "shop", "add", "Milk")
    alice_list = shopping_list_id_of(server, "alice", "Shopping List")
    assert server.api("PUT", f"/api/v1/shares/{alice_list}/bob", {"role": "checker"}, user="alice").status == 200
    assert server.api("GET", "/api/v1/shopping-lists", user="bob").status == 200  # bob's own list exists

    bob = browser("desktop", path=None)
    sign_in(bob, "bob", next_path="/shopping")
    wait_ready(bob, "shoppingList", f"/shopping/lists/{alice_list}")
    wait_lines(bob, [("Milk", False, "1")])
    until(bob, lambda d: "alice" in element(d, tid("shared-note")).text)
