"""Invite links (issue 15): the owner makes a link in the Share sheet; whoever opens it sees who
invites them to which list with which role, creates an account (or signs in) and lands in the
list; a second use of a one-use link, and a revoked link, say so with no form.

Every test runs `accounts_server` (alice and bob exist); each person has their own browser.
Screenshots: docs/screenshots/invite-*-{phone,desktop}.png.
"""

from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from accounts_helpers import USERS, account_name, choose, on_login_page, sign_in, submit_sign_in
from axe_helpers import axe_violations, describe
from helpers import click, element, set_dark, settled, tid, type_text, until, until_equal, wait_ready
from shopping_helpers import wait_lines

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

# The landing page asks who is signed in: a signed-out browser's 401 is expected there.
SIGNED_OUT = r"/api/v1/session - Failed to load resource: the server responded with a status of 401"


@pytest.fixture
def server(accounts_server):
    return accounts_server


def shoot(driver, name: str) -> None:
    """docs/screenshots/invite-<name>-<size>.png, once the page is still, without hover or focus."""
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    driver.execute_script("document.getElementById('toasts')?.replaceChildren(); document.activeElement?.blur();")
    settled(driver)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"invite-{name}-{driver.size_name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"


# MARK: - The Share sheet's links

INVITE_ROWS = """
const section = document.querySelector('[data-testid=share-sheet] [data-testid=invite-section]');
if (!section || section.dataset.loaded !== 'true') return null;
return [...section.querySelectorAll('[data-testid=invite-row]')].map(li => [
  li.dataset.state, li.querySelector('[data-testid=invite-summary]').textContent,
  !!li.querySelector('[data-testid=invite-revoke]')]);
"""


def invite_rows(driver) -> list | None:
    """The Share sheet's links as [state, summary, revocable], or None while loading."""
    return driver.execute_script(INVITE_ROWS)


def make_link(driver, role: str, days: int, one_use: bool) -> str:
    """In the open Share sheet: chooses the link's role, expiry and uses, makes it, returns its URL."""
    until(driver, lambda d: invite_rows(d) is not None, "the Share sheet's links never loaded")
    choose(driver, tid("invite-role"), role)
    choose(driver, tid("invite-expiry"), str(days))
    choose(driver, tid("invite-uses"), "1" if one_use else "")
    click(driver, tid("invite-make"))
    url = until(driver, lambda d: d.execute_script(
        "return document.querySelector('[data-testid=invite-url]')?.value"), "no link was shown")
    assert element(driver, tid("invite-copy")).text == "Copy"
    return url


def open_share_sheet(driver, list_id: str) -> None:
    driver.get(f"{driver.base_url}/shopping/lists/{list_id}")
    wait_ready(driver, "shoppingList")
    click(driver, tid("share-list"))
    until(driver, lambda d: invite_rows(d) is not None, "the Share sheet's links never loaded")


# MARK: - The landing page

PAGE = """
const main = document.querySelector('[data-testid=invite-page]');
if (!main || main.dataset.ready !== 'true') return null;
const shown = (id) => { const el = document.getElementById(id); return !!el && !el.hidden && el.checkVisibility(); };
const text = (id) => document.getElementById(id)?.textContent ?? '';
return { state: main.dataset.state ?? null, title: shown('invitation') ? text('invite-title') : null,
         role: text('invite-role'), closed: shown('closed') ? text('closed-message') : null,
         signUp: shown('sign-up'), signIn: shown('sign-in'), join: shown('join'),
         inputs: [...document.querySelectorAll('input')].filter(i => i.checkVisibility()).length,
         error: text('message') };
"""


def landing(driver) -> dict:
    return until(driver, lambda d: d.execute_script(PAGE), "the invitation page never finished loading")


def open_invite(driver, url: str) -> dict:
    driver.get(url)
    return landing(driver)


def no_violations(driver, what: str) -> None:
    found = axe_violations(driver)
    assert not found, f"axe on {what}:\n{describe(found)}"


# MARK: - Tests


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_link_signs_up_and_lands_in_the_list_then_is_used(server, browser, size):
    browser.allow_console(SIGNED_OUT)
    server.cli("--user", "alice", "shop", "add", "Milk", "Eggs")
    lists = server.api("GET", "/api/v1/shopping-lists", user="alice").body["lists"]
    list_id = next(entry["id"] for entry in lists if entry["name"] == "Shopping List")

    alice = browser(size, path=None)
    sign_in(alice, "alice")
    open_share_sheet(alice, list_id)
    assert invite_rows(alice) == []
    url = make_link(alice, "checker", 7, one_use=True)
    assert url.startswith(server.url + "/invite/"), url
    until_equal(alice, lambda d: [row[0] for row in invite_rows(d)], ["valid"], "the new link's row")
    state, summary, revocable = invite_rows(alice)[0]
    assert summary == "Can check off · 0 of 1 used", summary
    assert revocable
    no_violations(alice, "the Share sheet with a new invite link")
    shoot(alice, "share-sheet")

    # Someone new opens the link: who invites them to what, with which role; no account yet.
    carol = browser(size, path=None)
    page = open_invite(carol, url)
    assert page["state"] == "valid"
    assert page["title"] == "alice invites you to “Shopping List”"
    assert page["role"] == "A shopping list. You will put things in the cart and finish shopping."
    assert page["signUp"] and page["signIn"] and not page["join"]
    assert element(carol, tid("invite-sign-in")).get_attribute("href").endswith(
        "/login?next=" + url.removeprefix(server.url).replace("/", "%2F"))
    no_violations(carol, "the invitation page")
    shoot(carol, "landing")

    # A short password is refused on the page and said (role=alert), the field marked.
    type_text(carol, tid("invite-username"), "carol")
    type_text(carol, tid("invite-password"), "short")
    click(carol, tid("invite-create"))
    until_equal(carol, lambda d: landing(d)["error"], "A password needs at least 8 characters; this one has 5.")
    assert element(carol, tid("invite-password")).get_attribute("aria-invalid") == "true"

    type_text(carol, tid("invite-password"), "carol-password")
    click(carol, tid("invite-create"))
    wait_ready(carol, "shoppingList", f"/shopping/lists/{list_id}")
    until_equal(carol, account_name, "carol", "the new account's name in the tab bar")
    wait_lines(carol, [("Eggs", False, "1"), ("Milk", False, "1")], "the shared list as carol sees it")
    assert "alice’s list" in element(carol, tid("shared-note")).text

    # The owner's sheet now says the link is used, and it can no longer be revoked.
    click(alice, tid("share-done"))
    click(alice, tid("share-list"))
    until_equal(alice, lambda d: (invite_rows(d) or [[None]])[0][0], "usedUp", "the used link's state")
    assert invite_rows(alice)[0][1] == "Can check off · 1 of 1 used", invite_rows(alice)
    assert not invite_rows(alice)[0][2]
    until(alice, lambda d: "carol" in d.find_element(By.CSS_SELECTOR, tid("share-members")).text,
          "carol never showed among the members")

    # A second use says so plainly, with nothing to fill in.
    dave = browser(size, path=None)
    page = open_invite(dave, url)
    assert page["state"] == "usedUp"
    told = server.api("GET", "/api/v1/invitations/" + url.rsplit("/", 1)[1]).body
    assert told["state"] == "usedUp" and page["closed"] == told["message"], (page, told)
    assert not page["signUp"] and not page["signIn"] and not page["join"] and page["inputs"] == 0
    no_violations(dave, "a used invitation")
    shoot(dave, "used")


def test_revoked_link_says_so(server, browser):
    browser.allow_console(SIGNED_OUT)
    list_id = server.api("POST", "/api/v1/shopping-lists", {"name": "Party"}, user="alice").body["id"]
    alice = browser("desktop", path=None)
    sign_in(alice, "alice")
    open_share_sheet(alice, list_id)
    url = make_link(alice, "editor", 30, one_use=False)
    until_equal(alice, lambda d: [row[0] for row in invite_rows(d)], ["valid"])
    assert invite_rows(alice)[0][1] == "Editor · 0 uses", invite_rows(alice)

    # Open before it is revoked: the page offers to join.
    guest = browser("phone", path=None)
    assert open_invite(guest, url)["signUp"]

    click(alice, tid("invite-revoke"))
    click(alice, tid("confirm-ok"))
    # The server lists only links that were not revoked: the row goes.
    until_equal(alice, lambda d: invite_rows(d), [], "the Share sheet's links after revoking")

    page = open_invite(guest, url)
    assert page["state"] == "revoked"
    token = url.rsplit("/", 1)[1]
    told = server.api("GET", f"/api/v1/invitations/{token}").body
    assert told["state"] == "revoked" and page["closed"] == told["message"], (page, told)
    assert not page["signUp"] and not page["signIn"] and page["inputs"] == 0
    # Dark too: the plain message keeps its contrast.
    set_dark(guest, True)
    no_violations(guest, "a revoked invitation, dark")
    shoot(guest, "revoked")

    # Signing up with the old page still open is refused by the server: the token is dead.
    answer = server.api("POST", f"/api/v1/invitations/{token}/sign-up",
                        {"username": "erin", "password": "erin-password"})
    assert answer.status in (404, 410, 409, 422), answer.status


def test_someone_with_an_account_signs_in_and_joins(server, browser):
    browser.allow_console(SIGNED_OUT)
    server.cli("--user", "alice", "list", "add", "Packing")
    server.cli("--user", "alice", "add", "Packing", "Passport")
    checklist = server.api("GET", "/api/v1/checklists", user="alice").body["checklists"]
    list_id = next(entry["id"] for entry in checklist if entry["name"] == "Packing")
    made = server.api("POST", f"/api/v1/checklists/{list_id}/invites",
                      {"role": "viewer", "expiresInDays": 1, "maxUses": 1}, user="alice")
    assert made.status == 201, made.body
    url = made.body["url"]

    bob = browser("phone", path=None)
    page = open_invite(bob, url)
    assert page["title"] == "alice invites you to “Packing”"
    assert page["role"] == "A checklist. You will see the list, not change it."
    # Sign in comes back to the invitation, which then offers Join.
    click(bob, tid("invite-sign-in"))
    until(bob, on_login_page, "Sign In did not go to /login")
    submit_sign_in(bob, "bob", USERS["bob"])
    until(bob, lambda d: d.execute_script("return location.pathname") == url.removeprefix(server.url),
          "signing in did not come back to the invitation")
    page = landing(bob)
    assert page["join"] and not page["signUp"]
    assert element(bob, tid("invite-signed-in")).text == "Signed in as bob."
    click(bob, tid("invite-join"))
    wait_ready(bob, "list", f"/lists/{list_id}")
    until(bob, lambda d: "Passport" in d.find_element(By.ID, "main").text, "the shared checklist's item never showed")
    shared = server.api("GET", "/api/v1/shares", user="bob").body["lists"]
    assert [(entry["name"], entry["role"]) for entry in shared] == [("Packing", "viewer")]
