"""CalDAV from the web app: the "CalDAV Password" button in Command line & tokens makes an app
password that a real CalDAV client (the PyPI `caldav` library, and plain PROPFINDs with
`requests`) signs in with, until it is revoked in the same sheet; an open list page shows what
a CalDAV client PUT, live, and what the page adds reaches the client's next sync-collection; an
open shopping list shows a line a client PUT and puts it in the cart when the client completes it.
Also the CalDAV password sheet at phone and desktop size for docs/screenshots/
(caldav-password-{size}.png), rewritten on every run like the other screenshot tests.

URLs as docs/CALDAV.md gives them: the client starts at the server's root; the principal is
/dav/principals/{user}/, the home /dav/calendars/{user}/, a checklist /dav/calendars/{user}/{id}/.
"""

from __future__ import annotations

import json
import re
import uuid
from xml.etree import ElementTree

import caldav
import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accounts_helpers import USERS, close_tokens_sheet, open_tokens_sheet, sign_in, wait_tokens
from axe_helpers import axe_violations, describe
from helpers import (
    click, element, item_row, item_texts, open_list, set_dark, tid, type_text, until, until_equal,
    wait_ready,
)
from shopping_helpers import line_view, open_shopping_list, wait_lines
from test_accounts_screenshots import shoot

DAV = "{DAV:}"
CALDAV_NS = "{urn:ietf:params:xml:ns:caldav}"
PRINCIPAL_BODY = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:current-user-principal/><c:calendar-home-set/></d:prop>
</d:propfind>"""
HOME_BODY = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:resourcetype/></d:prop></d:propfind>"""


@pytest.fixture
def server(accounts_server):
    return accounts_server


# MARK: - The sheet


def open_caldav_sheet(driver) -> None:
    """Command line & tokens → CalDAV Password; waits for its form, focus in the first field."""
    open_tokens_sheet(driver)
    click(driver, tid("caldav-open"))
    element(driver, tid("caldav-form"))
    until(driver, lambda d: d.execute_script("return document.activeElement?.dataset.testid") == "caldav-device",
          "focus did not go to the Device field")


def make_caldav_password(driver, device: str, password: str) -> dict:
    """Fills the form and submits it with the keyboard; returns what the sheet shows."""
    type_text(driver, tid("caldav-device"), device)
    type_text(driver, tid("caldav-account-password"), password)
    element(driver, tid("caldav-account-password")).send_keys(Keys.ENTER)
    element(driver, tid("caldav-made"))
    return shown(driver)


def shown(driver) -> dict:
    return driver.execute_script("""
const text = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? null;
return {server: text('caldav-server'), user: text('caldav-user'), password: text('caldav-password'),
        name: text('caldav-token-name'), apps: text('caldav-apps'),
        focused: document.activeElement?.dataset.testid ?? null};
""")


def close_caldav_sheet(driver) -> None:
    click(driver, tid("caldav-done"))
    until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, tid("caldav-sheet")), "the CalDAV sheet stayed open")


# MARK: - A CalDAV client


def propfind(url: str, body: str, auth: tuple[str, str] | None, depth: str = "0") -> requests.Response:
    return requests.request("PROPFIND", url, data=body.encode(), auth=auth, timeout=30, allow_redirects=False,
                            headers={"Depth": depth, "Content-Type": "application/xml; charset=utf-8"})


def hrefs(response: requests.Response, prop: str) -> list[str]:
    """The hrefs inside each <prop> named `prop` ("{DAV:}current-user-principal") of a multistatus."""
    tree = ElementTree.fromstring(response.content)
    return [re.sub(r"^https?://[^/]+", "", href.text.strip())
            for found in tree.iter(prop) for href in found.iter(f"{DAV}href")]


def members(response: requests.Response) -> list[str]:
    """The href of each <response> of a multistatus, as a path."""
    tree = ElementTree.fromstring(response.content)
    return [re.sub(r"^https?://[^/]+", "", r.find(f"{DAV}href").text.strip()) for r in tree.iter(f"{DAV}response")]


def client(server, user: str, password: str) -> caldav.DAVClient:
    """The `caldav` library as a phone's app is set up: the server's root, a user name, a password."""
    return caldav.DAVClient(url=server.url + "/", username=user, password=password, auth_type="basic",
                            enable_rfc6764=False)


def calendar_of(dav: caldav.DAVClient, name: str) -> caldav.Calendar:
    calendars = dav.principal().get_calendars()
    by_name = {calendar.get_display_name(): calendar for calendar in calendars}
    assert name in by_name, f"no calendar {name!r} among {sorted(by_name)}"
    return by_name[name]


def list_id(server, user: str, name: str) -> str:
    """A list's id, from the CLI (an API call would add a token to the sheet)."""
    lists = json.loads(server.cli("--user", user, "lists", "--json"))["checklists"]
    return next(entry["id"] for entry in lists if entry["name"] == name)


def vtodo(uid: str, summary: str) -> str:
    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Checklists e2e//test_caldav_web//EN",
        "BEGIN:VTODO", f"UID:{uid}", "DTSTAMP:20260101T090000Z", f"SUMMARY:{summary}",
        "STATUS:NEEDS-ACTION", "END:VTODO", "END:VCALENDAR", ""])


# MARK: - (a) The password works, until it is revoked


def test_caldav_password_signs_a_client_in_until_revoked(server, browser):
    server.cli("--user", "alice", "list", "add", "Groceries")
    browser.allow_console(r"/api/v1/tokens - Failed to load resource: the server responded with a status of 401")

    alice = browser("phone", path=None)
    sign_in(alice, "alice")
    open_caldav_sheet(alice)
    # Escape closes it alone, focus back on its button in the sheet below.
    element(alice, tid("caldav-device")).send_keys(Keys.ESCAPE)
    until(alice, lambda d: not d.find_elements(By.CSS_SELECTOR, tid("caldav-sheet")), "Escape left the sheet open")
    assert alice.execute_script("return document.activeElement?.dataset.testid") == "caldav-open"
    assert element(alice, tid("tokens-sheet")).is_displayed()
    click(alice, tid("caldav-open"))
    element(alice, tid("caldav-form"))

    # Without a password, and with a wrong one, the form says what is wrong and keeps focus there.
    click(alice, tid("caldav-make"))
    until_equal(alice, lambda d: element(d, tid("caldav-error")).text, "Enter your password to make a CalDAV password.")
    type_text(alice, tid("caldav-account-password"), "not-her-password")
    click(alice, tid("caldav-make"))
    until_equal(alice, lambda d: element(d, tid("caldav-error")).text, "The user name or password is not right.")
    assert element(alice, tid("caldav-account-password")).get_attribute("aria-invalid") == "true"
    assert alice.execute_script("return document.activeElement?.dataset.testid") == "caldav-account-password"
    assert alice.execute_script("return location.pathname") == "/", "a wrong password must not sign the page out"

    made = make_caldav_password(alice, "Test phone", USERS["alice"])
    assert made["server"] == server.url
    assert made["user"] == "alice"
    assert re.fullmatch(r"ckl_\S{20,}", made["password"]), made["password"]
    assert made["name"] == "“CalDAV on Test phone”"
    assert made["focused"] == "caldav-copy-password"
    for app in ("iPhone", "Mac", "Android", "Thunderbird", "Evolution", "Command line"):
        assert app in made["apps"]
    assert not alice.find_elements(By.CSS_SELECTOR, tid("caldav-http-warning")), "loopback needs no HTTPS warning"
    # Copy puts the value itself on the clipboard.
    alice.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    click(alice, tid("caldav-copy-password"))
    until_equal(alice, lambda d: element(d, tid("caldav-copy-password")).text, "Copied")
    assert alice.execute_async_script(
        "const done = arguments[0]; navigator.clipboard.readText().then(done, e => done(String(e)))") == made["password"]

    auth = (made["user"], made["password"])
    # Discovery from the root, as Apple's clients do it: the principal, then the calendar home.
    root = propfind(server.url + "/", PRINCIPAL_BODY, auth)
    assert root.status_code == 207, root.text
    assert hrefs(root, f"{DAV}current-user-principal") == ["/dav/principals/alice/"]
    principal = propfind(server.url + "/dav/principals/alice/", PRINCIPAL_BODY, auth)
    assert principal.status_code == 207, principal.text
    assert hrefs(principal, f"{CALDAV_NS}calendar-home-set") == ["/dav/calendars/alice/"]
    home = propfind(server.url + "/dav/calendars/alice/", HOME_BODY, auth, depth="1")
    assert home.status_code == 207, home.text
    groceries_id = list_id(server, "alice", "Groceries")
    assert f"/dav/calendars/alice/{groceries_id.lower()}/" in members(home)
    # And a CalDAV library nobody here wrote finds the list by name.
    assert calendar_of(client(server, *auth), "Groceries").url.path.rstrip("/").endswith(groceries_id.lower())

    # Someone else's user name with it, and a wrong password, are refused.
    assert propfind(server.url + "/", PRINCIPAL_BODY, ("bob", made["password"])).status_code == 401
    refused = propfind(server.url + "/dav/calendars/alice/", HOME_BODY, ("alice", made["password"] + "x"), "1")
    assert refused.status_code == 401
    assert refused.headers.get("WWW-Authenticate", "").startswith("Basic")

    # Done: focus back on the button, and the sheet lists the new password.
    close_caldav_sheet(alice)
    assert alice.execute_script("return document.activeElement?.dataset.testid") == "caldav-open"
    wait_tokens(alice, ["CalDAV on Test phone"])

    # Revoked in the sheet, it stops working at once.
    click(alice, f'{tid("token-row", token_name="CalDAV on Test phone")} {tid("token-revoke")}')
    element(alice, tid("confirm-dialog"))
    click(alice, tid("confirm-ok"))
    wait_tokens(alice, [])
    gone = propfind(server.url + "/dav/calendars/alice/", HOME_BODY, auth, "1")
    assert gone.status_code == 401, gone.text
    with pytest.raises(caldav.lib.error.AuthorizationError):
        client(server, *auth).principal()


# MARK: - (b) Live both ways


def signed_in_client(server, browser, size: str) -> tuple:
    """Alice's page, signed in, and a `caldav` client with a CalDAV password made in it."""
    alice = browser(size, path=None)
    sign_in(alice, "alice")
    open_caldav_sheet(alice)
    made = make_caldav_password(alice, "Laptop", USERS["alice"])
    close_caldav_sheet(alice)
    close_tokens_sheet(alice)
    return alice, client(server, made["user"], made["password"])


def summaries(synced) -> dict[str, str]:
    """After the client's next sync: each reminder's SUMMARY and STATUS."""
    synced.sync()
    return {str(todo.icalendar_component["SUMMARY"]): str(todo.icalendar_component.get("STATUS", ""))
            for todo in synced}


def test_caldav_changes_show_live_in_an_open_list(server, browser):
    server.cli("--user", "alice", "list", "add", "Chores")
    server.cli("--user", "alice", "add", "Chores", "Water the plants")
    alice, dav = signed_in_client(server, browser, "desktop")
    chores = calendar_of(dav, "Chores")

    open_list(alice, "Chores")
    assert item_texts(alice) == ["Water the plants"]
    page_url = alice.execute_script("return location.href")
    alice.execute_script("window.__sameDocument = true")  # gone if the page reloads

    # A reminder a CalDAV client PUT shows in the open page without a reload ...
    uid = str(uuid.uuid4()).upper()
    todo = chores.add_todo(ical=vtodo(uid, "Call the plumber"))
    until(alice, lambda d: "Call the plumber" in item_texts(d), "the CalDAV PUT never showed in the open page")
    assert item_texts(alice) == ["Water the plants", "Call the plumber"]
    assert not item_row(alice, "Call the plumber")["checked"]

    # ... and so does completing it there.
    todo.load()
    todo.complete()
    until(alice, lambda d: item_row(d, "Call the plumber")["checked"], "the CalDAV completion never showed")
    assert alice.execute_script("return window.__sameDocument === true") and alice.current_url == page_url
    # Read back, the client's reminder keeps its UID and is completed.
    todo.load()
    assert str(todo.icalendar_component["UID"]) == uid
    assert str(todo.icalendar_component["STATUS"]) == "COMPLETED"


def test_page_changes_reach_the_clients_next_sync(server, browser):
    server.cli("--user", "alice", "list", "add", "Chores")
    server.cli("--user", "alice", "add", "Chores", "Water the plants")
    alice, dav = signed_in_client(server, browser, "desktop")
    chores = calendar_of(dav, "Chores")

    # The client's first sync-collection.
    synced = chores.get_objects_by_sync_token(load_objects=True, disable_fallback=True)
    assert [str(todo.icalendar_component["SUMMARY"]) for todo in synced] == ["Water the plants"]

    # An item added in the page reaches the client's next sync, and so does a checkmark there.
    open_list(alice, "Chores")
    click(alice, tid("add-item"))
    wait_ready(alice, "itemForm")
    type_text(alice, tid("item-text-input"), "Buy stamps")
    click(alice, tid("done"))
    wait_ready(alice, "list")
    until(alice, lambda d: "Buy stamps" in item_texts(d))
    click(alice, f'{tid("item-row", item_id=item_row(alice, "Water the plants")["id"])} {tid("item-toggle")}')
    until(alice, lambda d: item_row(d, "Water the plants")["checked"])

    until_equal(alice, lambda _: summaries(synced), {"Water the plants": "COMPLETED", "Buy stamps": "NEEDS-ACTION"},
                "the client's view after a sync")
    # An item made elsewhere has its item id, lower case, as its UID.
    uids = {str(todo.icalendar_component["SUMMARY"]): str(todo.icalendar_component["UID"]) for todo in synced}
    assert uids["Buy stamps"] == item_row(alice, "Buy stamps")["id"].lower()


# MARK: - (c) Screenshots, and axe on the sheet


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_caldav_password_screenshots(server, browser, size):
    alice = browser(size, path=None)
    sign_in(alice, "alice")
    open_caldav_sheet(alice)
    violations = axe_violations(alice)
    assert not violations, "axe on the CalDAV password form:\n" + describe(violations)

    make_caldav_password(alice, "iPhone", USERS["alice"])
    for dark in (False, True):
        set_dark(alice, dark)
        violations = axe_violations(alice)
        assert not violations, f"axe on the CalDAV password ({'dark' if dark else 'light'}):\n" + describe(violations)
    set_dark(alice, False)
    # The password and the port differ on every run; the screenshot shows fixed ones of the same
    # form, as a server behind HTTPS would show them.
    alice.execute_script("""
document.querySelector('[data-testid=caldav-password]').textContent = 'ckl_5fJ2mQ8rTz1xWb7nKc4hLp9sVd3gYe6u';
document.querySelector('[data-testid=caldav-server]').textContent = 'https://lists.example.org';""")
    shoot(alice, "caldav-password")


def test_a_shopping_line_from_caldav_shows_live_and_goes_into_the_cart(server, browser):
    """A shopping list is a calendar too: a reminder PUT there is a line, completed is in the cart."""
    server.cli("--user", "alice", "shop", "add", "Milk")
    alice = browser("phone", path=None)
    sign_in(alice, "alice")
    open_caldav_sheet(alice)
    made = make_caldav_password(alice, "Phone", USERS["alice"])
    close_caldav_sheet(alice)
    close_tokens_sheet(alice)
    lists = server.api("GET", "/api/v1/shopping-lists", user="alice").body["lists"]
    shopping_id = next(entry["id"] for entry in lists if entry["name"] == "Shopping List")
    open_shopping_list(alice, shopping_id)
    wait_lines(alice, [("Milk", False, "1")])

    dav = client(server, made["user"], made["password"])
    shopping = calendar_of(dav, "Shopping List")
    todo = shopping.add_todo(ical=vtodo(str(uuid.uuid4()), "Eggs"))
    until(alice, lambda d: ("Eggs", False, "1") in line_view(d), "the CalDAV line never showed in the open page")
    todo.load()
    todo.complete()
    until(alice, lambda d: ("Eggs", True, "1") in line_view(d), "the CalDAV completion never put Eggs in the cart")
    assert ("Milk", False, "1") in line_view(alice)

    # The collection lists both lines to the client: the one made in the web app and its own.
    listing = propfind(server.url + f"/dav/calendars/alice/{shopping_id.lower()}/", HOME_BODY,
                       (made["user"], made["password"]), "1")
    assert listing.status_code == 207, listing.text
    assert len([href for href in members(listing) if href.endswith(".ics")]) == 2, members(listing)
