"""What the accounts and sharing tests do with the page: signing in and out, reading the
Share sheet, and finding a shared list's row.

Like helpers.py, every wait is an explicit wait on a condition.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from helpers import click, element, tid, type_text, until, until_equal, wait_ready


# The accounts of conftest's `accounts_server`: name → password.
USERS = {"alice": "alice-password", "bob": "bob-password"}


def on_login_page(driver) -> bool:
    return driver.execute_script("return location.pathname") == "/login" and driver.execute_script(
        "return document.readyState") == "complete"


def sign_in(driver, user: str, password: str | None = None, next_path: str = "/", screen: str | None = None) -> None:
    """Opens `next_path` (which sends a signed-out browser to /login), signs in, and waits for
    the app to show that page."""
    driver.get(driver.base_url + next_path)
    until(driver, on_login_page, f"{next_path} did not go to /login")
    submit_sign_in(driver, user, USERS[user] if password is None else password)
    wait_ready(driver, screen)
    until(driver, lambda d: account_name(d) == user, f"{user}'s name never showed")


def submit_sign_in(driver, user: str, password: str) -> None:
    type_text(driver, "#user", user)
    type_text(driver, "#password", password)
    click(driver, "#sign-in button[type=submit]")


def login_message(driver) -> str:
    return driver.execute_script("return document.getElementById('message')?.textContent ?? ''")


def account_name(driver) -> str | None:
    """The name shown in the tab bar, or None when nothing is shown (single-user mode)."""
    return driver.execute_script("""
const box = document.getElementById('account');
if (!box || box.hidden || !box.checkVisibility()) return null;
return document.querySelector('[data-testid=account-name]').textContent;
""")


def sign_out(driver) -> None:
    click(driver, tid("account-button"))
    click(driver, tid("sign-out"))
    until(driver, on_login_page, "signing out did not show /login")


def fetch_status(driver, url: str) -> int:
    """The status of a GET made by the page itself (with its cookies)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {cache: 'no-store'}).then(r => done(r.status), () => done(0));", url)


# MARK: - The Share sheet

MEMBERS = """
const sheet = document.querySelector('[data-testid=share-sheet]');
if (!sheet || !sheet.open || sheet.dataset.loaded !== 'true') return null;
return [...sheet.querySelectorAll('[data-testid=share-member]')].map(li => [
  li.dataset.user, li.querySelector('[data-testid=share-member-role]').value]);
"""


def share_members(driver) -> list | None:
    """The Share sheet's members as [user, role], or None while it is closed or loading."""
    return driver.execute_script(MEMBERS)


def wait_members(driver, expected: list[list[str]]) -> None:
    until_equal(driver, share_members, expected, "Share sheet members")


def share_with(driver, user: str, role: str) -> None:
    """Adds someone in the open Share sheet (role: viewer, checker, editor)."""
    type_text(driver, tid("share-user-input"), user)
    choose(driver, tid("share-role-select"), role)
    click(driver, tid("share-add"))


def choose(driver, selector: str, value: str) -> None:
    """Picks an option of a <select> as a person does (the change event follows)."""
    Select(element(driver, selector)).select_by_value(value)


def share_error(driver) -> str:
    return driver.execute_script(
        "return document.querySelector('[data-testid=share-error]')?.textContent ?? ''")


def close_share_sheet(driver) -> None:
    click(driver, tid("share-done"))
    until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, tid("share-sheet")), "the Share sheet stayed open")


# MARK: - Shared rows

SHOPPING_ROWS = """
return [...document.querySelectorAll('[data-testid=shopping-list-row]')].map(li => ({
  id: li.dataset.listId,
  name: li.dataset.listName,
  shared: li.querySelector('[data-testid=list-shared]')?.textContent ?? null,
}));
"""

CHECKLIST_ROWS = """
return [...document.querySelectorAll('[data-testid=list-row]')].map(li => ({
  id: li.dataset.listId,
  name: li.dataset.listName,
  shared: li.querySelector('[data-testid=list-shared]')?.textContent ?? null,
}));
"""


def shopping_rows(driver) -> list[tuple[str, str | None]]:
    """The Shopping Lists screen as (name, "Shared by …" or None) per row."""
    return [(row["name"], row["shared"]) for row in driver.execute_script(SHOPPING_ROWS)]


def checklist_rows(driver) -> list[tuple[str, str | None]]:
    return [(row["name"], row["shared"]) for row in driver.execute_script(CHECKLIST_ROWS)]


def shared_shopping_row_id(driver, owner: str) -> str:
    return until(driver, lambda d: next((row["id"] for row in d.execute_script(SHOPPING_ROWS)
                                         if (row["shared"] or "").startswith(f"Shared by {owner}")), None),
                 f"no shopping list shared by {owner}")


# MARK: - The Command line & tokens sheet

TOKENS = """
const sheet = document.querySelector('[data-testid=tokens-sheet]');
if (!sheet || !sheet.open || sheet.dataset.loaded !== 'true') return null;
return [...sheet.querySelectorAll('[data-testid=token-row]')].map(li => li.dataset.tokenName);
"""

TOKEN_ROWS = """
return [...document.querySelectorAll('[data-testid=tokens-sheet] [data-testid=token-row]')].map(li => [
  li.querySelector('[data-testid=token-name]').textContent,
  li.querySelector('[data-testid=token-created]').textContent,
  li.querySelector('[data-testid=token-used]').textContent]);
"""


def open_tokens_sheet(driver) -> None:
    """Opens Command line & tokens from the account menu and waits for its list."""
    click(driver, tid("account-button"))
    click(driver, tid("account-tokens"))
    until(driver, lambda d: token_names(d) is not None, "the Command line & tokens sheet never loaded")


def token_names(driver) -> list | None:
    """The sheet's tokens by name, or None while it is closed or loading."""
    return driver.execute_script(TOKENS)


def wait_tokens(driver, expected: list[str]) -> None:
    until_equal(driver, token_names, expected, "tokens in the sheet")


def token_rows(driver) -> list[list[str]]:
    """Each token row as [name, "Created …", "Last used …" or "Never used"]."""
    return driver.execute_script(TOKEN_ROWS)


def tokens_error(driver) -> str:
    return driver.execute_script(
        "return document.querySelector('[data-testid=tokens-error]')?.textContent ?? ''")


def close_tokens_sheet(driver) -> None:
    click(driver, tid("tokens-done"))
    until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, tid("tokens-sheet")), "the tokens sheet stayed open")
