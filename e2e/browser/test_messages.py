"""Every string a screen shows comes from the message catalogue (issue 26 §4, docs/MESSAGES.md).

A walk of the main screens at phone size collects what a person reads: every visible element's
text (and each of its own text runs), and the aria-label, title, placeholder and alt attributes,
and the document's title. Each must be either the test's own data (the names it made, user names,
numbers, dates and prices as Intl formats them, what the API answered) or a text of the catalogue
the page is served (/messages/en.json, its `common` and `web` areas), with its {arguments} as
wildcards. A string that is neither fails the test, which lists every such string by screen.

Every test runs `accounts_server` (alice and bob exist) so that sharing, tokens and invitations show.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from accounts_helpers import USERS, choose, open_tokens_sheet, share_with, sign_in
from helpers import click, element, tid, type_text, until, wait_ready

# The invitation page asks who is signed in: a signed-out browser's 401 is expected there.
SIGNED_OUT = r"/api/v1/session - Failed to load resource: the server responded with a status of 401"


@pytest.fixture
def server(accounts_server):
    return accounts_server


# MARK: - What a screen shows

COLLECT = r"""
const roots = arguments[0] ? [...document.querySelectorAll(arguments[0])] : [document.body];
const skip = "script, style, template, noscript, [hidden]";
const visible = (el) => el.checkVisibility({ visibilityProperty: true });
const where = (el) => el.tagName.toLowerCase()
  + (el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : el.id ? `#${el.id}` : el.className ? `.${String(el.className).split(' ')[0]}` : '');
const out = [];
const seen = new Set();
for (const root of roots) {
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (seen.has(el) || el.closest(skip) || !visible(el)) continue;
    seen.add(el);
    const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()).map((n) => n.textContent);
    if (own.length) out.push({ what: 'text', where: where(el), text: el.textContent, parts: own });
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push({ what: name, where: where(el), text: value, parts: [] });
    }
    if (el.tagName === 'SELECT') {
      for (const option of el.options) out.push({ what: 'option', where: where(el), text: option.textContent, parts: [] });
    }
  }
}
if (!arguments[0]) out.push({ what: 'document.title', where: 'title', text: document.title, parts: [] });
return out;
"""

MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
# What Intl and the test's data put into texts: dates, times, prices, numbers, addresses.
DATA_PATTERNS = [
    re.compile(rf"\b(?:{MONTHS})\w* \d{{1,2}}, \d{{4}}(?:,? (?:at )?\d{{1,2}}:\d{{2}}\s?[AP]M)?"),
    re.compile(rf"\b(?:{MONTHS})\w* \d{{4}}\b"),  # a month's heading, as Intl says it ("January 2026")
    re.compile(r"\b\d{1,2}:\d{2}\s?[AP]M\b"),
    re.compile(r"https?://[^\s]+"),
    re.compile(r"[€$£]?\s?\d[\d.,]*\s?[€$£]?"),
]

LETTER = re.compile(r"[^\W\d_]")


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class Catalogue:
    """The served catalogue's texts as patterns: each {argument} a wildcard ({count} a number)."""

    def __init__(self, messages: dict, data: set[str]):
        self.data = sorted({normal(d) for d in data if normal(d)}, key=len, reverse=True)
        self.patterns: list[tuple[re.Pattern, bool, str]] = []
        self.pieces: set[str] = set()
        for key, message in messages.items():
            for text in ([message] if isinstance(message, str) else message.values()):
                self.patterns.append(self.pattern(normal(text)) + (key,))
                self.pieces |= {normal(p) for p in re.split(r"\{[A-Za-z0-9_]+\}", text) if LETTER.search(p)}

    @staticmethod
    def pattern(text: str) -> tuple[re.Pattern, bool]:
        """The text as a regex, and whether its own words (not its arguments) have a letter."""
        pieces = re.split(r"(\{\{|\}\}|\{[A-Za-z0-9_]+\})", text)
        regex, literal = "", ""
        for piece in pieces:
            if piece in ("{{", "}}"):
                regex += re.escape(piece[0])
                literal += piece[0]
            elif piece.startswith("{") and piece.endswith("}"):
                regex += r"([\d.,\s]+?)" if piece == "{count}" else r"(.*?)"
            else:
                regex += re.escape(piece)
                literal += piece
        return re.compile(regex, re.DOTALL), bool(LETTER.search(literal))

    def is_data(self, text: str) -> bool:
        rest = text
        for value in self.data:
            rest = rest.replace(value, " ")
        for pattern in DATA_PATTERNS:
            rest = pattern.sub(" ", rest)
        return not LETTER.search(rest)

    def allows_piece(self, text: str) -> bool:
        """Whether a text is data, a catalogue text, or one of the words between a catalogue
        text's arguments (shown in an element of its own: "Signed in as " before the name)."""
        return normal(text) in self.pieces or self.allows(text)

    def allows(self, text: str, depth: int = 0) -> bool:
        """Whether a text is data, or a catalogue text with its arguments put in. A text of
        only arguments and punctuation ("{name} ({code})") counts when its arguments do."""
        text = normal(text)
        if not text or self.is_data(text):
            return True
        for regex, worded, _ in self.patterns:
            match = regex.fullmatch(text)
            if not match:
                continue
            if worded or (depth < 2 and all(self.allows(g, depth + 1) for g in match.groups())):
                return True
        return False


def served_catalogue(server) -> dict:
    with urllib.request.urlopen(server.url + "/messages/en.json", timeout=30) as answer:
        return json.loads(answer.read())


def strings_in(value) -> list[str]:
    """Every string in a JSON answer."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


class Walk:
    """The strings of the screens walked, and those that are in neither the catalogue nor the data."""

    def __init__(self, server, data: set[str]):
        self.catalogue = Catalogue(served_catalogue(server), data | set(USERS))
        self.offending: dict[str, list[str]] = {}
        self.count = 0

    def add_data(self, *values: str) -> None:
        self.catalogue.data = sorted(set(self.catalogue.data) | {normal(v) for v in values if v}, key=len, reverse=True)

    def check(self, driver, screen: str, root: str | None = None) -> None:
        found = driver.execute_script(COLLECT, root)
        assert found, f"{screen}: nothing was collected (root {root!r})"
        for entry in found:
            self.count += 1
            if self.catalogue.allows_piece(entry["text"]):
                continue
            # A text made of runs around elements: each run is a text or a piece of one.
            if entry["parts"] and all(self.catalogue.allows_piece(part) for part in entry["parts"]):
                continue
            line = f"{entry['where']} {entry['what']}: {normal(entry['text'])!r}"
            if line not in self.offending.setdefault(screen, []):
                self.offending[screen].append(line)

    def assert_clean(self) -> None:
        bad = {screen: lines for screen, lines in self.offending.items() if lines}
        report = "\n".join(f"  {screen}:\n" + "\n".join(f"    {line}" for line in lines) for screen, lines in bad.items())
        assert not bad, f"strings shown that are not in the catalogue (of {self.count} checked):\n{report}"


def make_checklist(server, name: str, items: list[str]) -> str:
    server.cli("--user", "alice", "list", "add", name)
    for text in items:
        server.cli("--user", "alice", "add", name, text)
    lists = server.api("GET", "/api/v1/checklists", user="alice").body["checklists"]
    return next(entry["id"] for entry in lists if entry["name"] == name)


# MARK: - The matcher itself


def test_the_matcher_takes_catalogue_texts_and_data_only():
    catalogue = Catalogue({
        "web.a": "Share “{name}”",
        "web.b": {"one": "{count} use", "other": "{count} uses"},
        "web.c": "{name} ({code})",
        "web.d": "Euro",
        "web.e": "Back to {title}",
    }, {"Groceries", "EUR"})
    assert catalogue.allows("Share “Groceries”")
    assert catalogue.allows("3 uses") and catalogue.allows("1 use")
    assert not catalogue.allows("many uses")  # {count} is a number
    assert catalogue.allows("Euro (EUR)")  # only punctuation of its own: its arguments count
    assert not catalogue.allows("Dollar (USD)")
    assert catalogue.allows("Groceries") and catalogue.allows("Dec 7, 2025") and catalogue.allows("42")
    assert not catalogue.allows("Share")
    # A run of text beside an element is one of a text's own pieces: "Back to " before a name.
    assert catalogue.allows_piece("Back to ") and not catalogue.allows_piece("Back")
    assert not catalogue.allows("Back to")


# MARK: - The shell, sheets and pages of this branch


def test_shell_sheets_and_pages_show_only_catalogue_texts(server, browser):
    browser.allow_console(SIGNED_OUT)
    browser.allow_console(r"/api/v1/invitations/not-a-token - Failed to load resource: .* 404")
    list_id = make_checklist(server, "Groceries", ["Milk", "Bread"])
    settings = server.api("GET", "/api/v1/settings", user="alice").body
    walk = Walk(server, {"Groceries", "Milk", "Bread", "Phone", "e2e", "checklists login", "checklists logout", "--user",
                         *(c["name"] for c in settings.get("currencies", [])),
                         *(c["code"] for c in settings.get("currencies", []))})

    alice = browser("phone", path=None)
    sign_in(alice, "alice", next_path=f"/lists/{list_id}", screen="list")
    walk.add_data(server.url)
    walk.check(alice, "the tab bar and skip link", "#tabbar, .skip-link")

    click(alice, tid("account-button"))
    until(alice, lambda d: d.find_element(By.CSS_SELECTOR, tid("account-menu")).is_displayed(), "no account menu")
    walk.check(alice, "the account menu", "#tabbar")

    # Command line & tokens, then a CalDAV password made from it.
    alice.execute_script("document.getElementById('account-menu').hidePopover?.()")
    open_tokens_sheet(alice)
    walk.check(alice, "Command line & tokens", tid("tokens-sheet"))
    click(alice, tid("caldav-open"))
    element(alice, tid("caldav-sheet"))
    walk.check(alice, "CalDAV Password (form)", tid("caldav-sheet"))
    type_text(alice, tid("caldav-device"), "Phone")
    type_text(alice, tid("caldav-account-password"), USERS["alice"])
    click(alice, tid("caldav-make"))
    until(alice, lambda d: d.find_element(By.CSS_SELECTOR, tid("caldav-made")).is_displayed(), "no CalDAV password shown")
    made = alice.execute_script("return document.querySelector('[data-testid=caldav-password]').textContent")
    walk.add_data(made)
    walk.check(alice, "CalDAV Password (made)", tid("caldav-sheet"))
    click(alice, tid("caldav-done"))
    until(alice, lambda d: len(d.find_elements(By.CSS_SELECTOR, tid("token-row"))) == 2, "the CalDAV token never listed")
    walk.add_data("CalDAV on Phone")
    walk.check(alice, "Command line & tokens (two tokens)", tid("tokens-sheet"))
    click(alice, tid("tokens-done"))

    # The Share sheet, with someone on it and an invitation link.
    alice.get(f"{server.url}/lists/{list_id}/edit")
    wait_ready(alice, "listForm")
    click(alice, tid("share-row"))
    until(alice, lambda d: d.execute_script(
        "return document.querySelector('[data-testid=share-sheet]')?.dataset.loaded === 'true'"), "no Share sheet")
    walk.check(alice, "the Share sheet (empty)", tid("share-sheet"))
    share_with(alice, "bob", "editor")
    until(alice, lambda d: d.find_elements(By.CSS_SELECTOR, tid("share-member")), "bob never joined the sheet")
    choose(alice, tid("invite-uses"), "")
    click(alice, tid("invite-make"))
    url = until(alice, lambda d: d.execute_script("return document.querySelector('[data-testid=invite-url]')?.value"),
                "no invitation link")
    invites = server.api("GET", f"/api/v1/checklists/{list_id}/invites", user="alice").body["invites"]
    walk.add_data(url, *(invite.get("message") or "" for invite in invites))
    until(alice, lambda d: d.find_elements(By.CSS_SELECTOR, tid("invite-row")), "the link never listed")
    walk.check(alice, "the Share sheet (a member and a link)", tid("share-sheet"))
    click(alice, tid("share-done"))

    # Settings (the Shopping tab's, in this branch's settings.js).
    alice.get(f"{server.url}/shopping/settings")
    element(alice, tid("settings"))
    walk.check(alice, "Settings", "#navbar, #main, #tabbar")

    # A page that is not there.
    alice.get(f"{server.url}/lists/{list_id}/nothing/here")
    wait_ready(alice, "notFound")
    walk.check(alice, "Not Found")

    # The invitation page, signed out: what the link is for, sign in or make an account.
    guest = browser("phone", path=None)
    guest.get(url)
    until(guest, lambda d: d.execute_script("return document.querySelector('main').dataset.ready === 'true'"),
          "the invitation page never finished")
    walk.check(guest, "the invitation page")
    guest.get(f"{server.url}/invite/not-a-token")
    until(guest, lambda d: d.execute_script("return document.querySelector('main').dataset.state === 'unknown'"),
          "the unknown invitation never said so")
    walk.add_data(server.api("GET", "/api/v1/invitations/not-a-token").body.get("detail", ""))
    walk.check(guest, "the invitation page (unknown link)")

    walk.assert_clean()


# MARK: - The Checklists and Shopping tabs (the other branch's screens)


def test_checklists_screens_show_only_catalogue_texts(server, browser):
    list_id = make_checklist(server, "Groceries", ["Milk", "Bread"])
    items = server.api("GET", f"/api/v1/checklists/{list_id}", user="alice").body["items"]
    walk = Walk(server, {"Groceries", "Milk", "Bread"})
    alice = browser("phone", path=None)
    sign_in(alice, "alice", screen=None)
    screens = [
        ("All Lists", "/", "lists"),
        ("a checklist with items", f"/lists/{list_id}", "list"),
        ("an item's details", f"/lists/{list_id}/items/{items[0]['id']}/edit", "itemForm"),
        ("Add Checklist", "/lists/new", "listForm"),
        ("Edit Checklist", f"/lists/{list_id}/edit", "listForm"),
        ("Choose Icon", f"/lists/{list_id}/edit/icon", "icon"),
        ("Search", "/search?q=Milk", "search"),
        ("smart list Today", "/smart/today", "smart"),
        ("smart list All", "/smart/all", "smart"),
        ("Templates", "/templates", "templates"),
    ]
    for name, path, screen in screens:
        alice.get(server.url + path)
        wait_ready(alice, screen)
        walk.check(alice, name)
    walk.assert_clean()


def test_shopping_screens_show_only_catalogue_texts(server, browser):
    walk = Walk(server, {"Weekly", "Oat milk"})
    made = server.api("POST", "/api/v1/shopping-lists", {"name": "Weekly"}, user="alice")
    assert made.status == 201, made.body
    # The starter set's groceries and categories are the server's data (its grocery table, in the
    # catalogue's data files), shown as the API answers them.
    starter = server.api("GET", "/api/v1/catalogue/starter", user="alice")
    assert starter.status == 200, starter.body
    walk.add_data(*strings_in(starter.body))
    shopping_id = made.body["id"]
    alice = browser("phone", path=None)
    sign_in(alice, "alice", screen=None)
    screens = [
        ("Shopping Lists", "/shopping/lists", None),
        ("a shopping list", f"/shopping/lists/{shopping_id}", "shoppingList"),
        ("Edit Shopping List", f"/shopping/lists/{shopping_id}/edit", None),
        ("Items (the catalogue)", "/shopping/items", None),
        ("Add Item", "/shopping/items/new?name=Oat%20milk", None),
        ("Trips", "/shopping/trips", None),
    ]
    for name, path, screen in screens:
        alice.get(server.url + path)
        wait_ready(alice, screen)
        walk.check(alice, name)
    walk.assert_clean()
