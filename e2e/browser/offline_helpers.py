"""What the offline tests do with the page: phones on links of their own, the connection banner,
"Waiting to send" marks, row conflicts, and saying clearly what the user saw when the app did not
keep up (these tests were written before the offline app existed: their failures must read as a
bug report).

The hooks are those of docs/WEB-CLIENT.md: `offline-banner`, `pending-count`
(`data-count`), `data-pending="true"` with a `pending-mark` on a row, `row-conflict`
(`data-kind`, `data-field`) with `row-conflict-message` and `conflict-keep-mine`,
`conflict-keep-theirs`, `conflict-restore`, `conflict-dismiss`; `inline-add-input`; `not-offline`.
"""

from __future__ import annotations

import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import network
from helpers import (
    click, element, item_rows, set_edit_mode, tid, type_text, until, until_js, wait_ready,
)
from shopping_helpers import line_view, lines

# What a phone's console says when it is offline on purpose, or when a replay meets a change
# made elsewhere (412), something deleted elsewhere (404) or a create it already made (409).
OFFLINE_CONSOLE = (
    r"net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED|CONNECTION_RESET|CONNECTION_CLOSED|"
    r"EMPTY_RESPONSE|INCOMPLETE_CHUNKED_ENCODING|NETWORK_CHANGED|FAILED|NETWORK_IO_SUSPENDED)"
)
REPLAY_CONSOLE = r"Failed to load resource: .*status of (404|409|412)"


def phone(browser, link, size: str = "phone", path: str | None = "/", **options):
    """A browser that reaches the server only through `link` (its own origin), with the app's
    service worker in control, so that a reload without a network is served from its cache."""
    browser.allow_console(OFFLINE_CONSOLE)
    browser.allow_console(REPLAY_CONSOLE)
    driver = browser(size, path=path, base_url=link.url, **options)
    driver.link = link
    if path is not None:
        wait_controlled(driver)
    return driver


def wait_controlled(driver) -> None:
    until_js(driver, "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
             message="the service worker never took control of the page: a reload without a network "
                     "would show Chromium's 'No internet' page instead of the app")


def screen_text(driver, limit: int = 300) -> str:
    """What the user reads on the screen (the banner and the main area), for failure messages."""
    text = driver.execute_script("""
        const banner = document.querySelector('[data-testid=offline-banner]');
        const shown = banner && !banner.hidden && banner.offsetParent !== null ? banner.innerText + ' | ' : '';
        const main = document.getElementById('main');
        return shown + (main ? main.innerText : document.body.innerText);""") or ""
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[:limit] + "…"


def reload(driver, screen: str | None = None) -> None:
    """Reloads the page (still offline, if it was) and waits for the screen, saying what showed
    instead when the app could not draw it."""
    driver.refresh()
    _arrived(driver, screen, "after a reload")


def visit(driver, path: str, screen: str | None = None) -> None:
    """Opens a URL of the app as a navigation (typed, or from the home screen), offline or not."""
    driver.get(driver.base_url + path)
    _arrived(driver, screen, f"opening {path}")


def _arrived(driver, screen: str | None, what: str) -> None:
    try:
        wait_ready(driver, screen)
    except Exception as error:
        raise AssertionError(f"{what} the {screen or 'screen'} never showed; the phone showed: "
                             f"{screen_text(driver)!r}") from error
    not_kept = driver.execute_script("return !!document.querySelector('[data-testid=not-offline]')")
    error_shown = driver.execute_script("return !!document.querySelector('[data-testid=load-error]')")
    offline_now = driver.execute_script("return !navigator.onLine")
    assert not (not_kept or error_shown), (
        f"{what}{' offline' if offline_now else ''} the phone showed {screen_text(driver)!r} instead of what it "
        "had opened before")


# MARK: - The banner


BANNER = """
const banner = document.querySelector('[data-testid=offline-banner]');
if (!banner) return null;
const count = banner.querySelector('[data-testid=pending-count]');
const style = getComputedStyle(banner);
return {
  shown: !banner.hidden && style.display !== 'none' && style.visibility !== 'hidden' && banner.getClientRects().length > 0,
  text: banner.innerText.replace(/\\s+/g, ' ').trim(),
  role: banner.getAttribute('role'),
  count: count ? Number(count.dataset.count) : null,
};
"""


def banner(driver) -> dict | None:
    """The connection banner as the user sees it: {shown, text, role, count}, or None."""
    return driver.execute_script(BANNER)


def wait_offline_banner(driver, *, at_least: int = 0, message: str = "") -> dict:
    """Waits until the banner says the phone is offline, with at least `at_least` changes
    waiting; returns what it shows."""
    last = []

    def check(d):
        seen = banner(d)
        last[:] = [seen]
        return seen and seen["shown"] and seen["text"].startswith("Offline") and (
            at_least == 0 or (seen["count"] or 0) >= at_least) and seen

    try:
        return until(driver, check)
    except Exception as error:
        wanted = "“Offline — …”" + (f" with at least {at_least} changes waiting" if at_least else "")
        raise AssertionError(
            f"{message or 'the offline banner'}: expected {wanted}; the banner was {last[0] if last else None!r}; "
            f"the screen read {screen_text(driver)!r}") from error


def assert_waiting_text(seen: dict) -> None:
    """The banner's words agree with its count: “Offline — 3 changes waiting” (1: “1 change”)."""
    count = seen["count"]
    words = f"{count} change{'s' if count != 1 else ''} waiting"
    assert words in seen["text"], f"the banner says {seen['text']!r}, its count is {count}"
    assert seen["role"] == "status", f"the banner's role is {seen['role']!r}, not status (it only counts)"


def wait_banner_gone(driver, message: str = "", timeout: float = 15) -> float:
    """Waits until the banner is hidden (online, nothing waiting); returns when (time.monotonic)."""
    last = []

    def check(d):
        seen = banner(d)
        last[:] = [seen]
        return seen is None or not seen["shown"]

    try:
        until(driver, check, timeout=timeout)
    except Exception as error:
        raise AssertionError(f"{message or 'the banner'} never went: it still said "
                             f"{(last[0] or {}).get('text')!r}") from error
    return time.monotonic()


# MARK: - Rows waiting to be sent


PENDING = """
const [testid, nameOf] = arguments;
return [...document.querySelectorAll(`[data-testid=${testid}]`)].map(row => {
  const name = row.querySelector(`[data-testid=${nameOf}]`);
  const mark = row.querySelector('[data-testid=pending-mark]');
  return { name: name ? name.textContent : '', pending: row.dataset.pending === 'true',
           mark: !!mark && mark.getAttribute('aria-label') === 'Waiting to send' };
});
"""


def pending_names(driver, testid: str = "item-row", name_of: str = "item-text") -> set[str]:
    """The rows marked as waiting to be sent (data-pending and a “Waiting to send” mark)."""
    return {row["name"] for row in driver.execute_script(PENDING, testid, name_of)
            if row["pending"] and row["mark"]}


def unmarked_pending(driver, testid: str = "item-row", name_of: str = "item-text") -> set[str]:
    """Rows whose data-pending and pending-mark disagree (one without the other)."""
    return {row["name"] for row in driver.execute_script(PENDING, testid, name_of)
            if row["pending"] != row["mark"]}


def assert_pending(driver, expected: set[str], testid: str = "item-row", name_of: str = "item-text",
                   exact: bool = False) -> None:
    def check(d):
        marked = pending_names(d, testid, name_of)
        return (marked == expected) if exact else expected <= marked

    try:
        until(driver, check, timeout=5)
    except Exception as error:
        raise AssertionError(
            f"rows marked “Waiting to send”: expected {sorted(expected)}, the phone marks "
            f"{sorted(pending_names(driver, testid, name_of))} (rows with only one of data-pending / pending-mark: "
            f"{sorted(unmarked_pending(driver, testid, name_of))})") from error


# MARK: - Row conflicts


CONFLICTS = """
return [...document.querySelectorAll('[data-testid=row-conflict]')].map(c => {
  const row = c.closest('[data-item-id]') || c.previousElementSibling;
  const message = c.querySelector('[data-testid=row-conflict-message]');
  const buttons = [...c.querySelectorAll('button')].map(b => b.dataset.testid).filter(Boolean);
  return { kind: c.dataset.kind, field: c.dataset.field || null,
           message: message ? message.textContent.replace(/\\s+/g, ' ').trim() : '',
           buttons, rowId: row && row.dataset ? (row.dataset.itemId || null) : null,
           row: row && row.dataset ? (row.dataset.testid || null) : null };
});
"""


def conflicts(driver) -> list[dict]:
    """Every row conflict shown: kind, field, message, its buttons and the row it is under."""
    return driver.execute_script(CONFLICTS)


def wait_conflict(driver, kind: str, contains: str, message: str = "", timeout: float = 15) -> dict:
    last = []

    def check(d):
        shown = conflicts(d)
        last[:] = [shown]
        return next((c for c in shown if c["kind"] == kind and contains in c["message"]), None)

    try:
        return until(driver, check, timeout=timeout)
    except Exception as error:
        raise AssertionError(
            f"{message or 'a row conflict'}: expected a {kind!r} conflict saying …{contains}…; the phone shows "
            f"{last[0] if last else []!r}; the screen read {screen_text(driver)!r}") from error


def press_conflict(driver, kind: str, contains: str, testid: str) -> None:
    """Presses a button (`conflict-keep-mine`, `conflict-restore`…) of the conflict shown."""
    def attempt(d):
        for panel in d.find_elements(By.CSS_SELECTOR, tid("row-conflict")):
            text = panel.find_element(By.CSS_SELECTOR, tid("row-conflict-message")).text
            if panel.get_attribute("data-kind") == kind and contains in text:
                button = panel.find_element(By.CSS_SELECTOR, tid(testid))
                if button.is_displayed() and button.is_enabled():
                    button.click()
                    return True
        return False

    until(driver, attempt, f"could not press {testid} on the {kind!r} conflict about {contains!r}")


# MARK: - Checklist edits, as a person makes them


def inline_add(driver, text: str) -> None:
    """Types into the inline add row at the bottom and presses Enter; the focus stays there."""
    try:
        element(driver, tid("inline-add-input"))
    except Exception as error:
        raise AssertionError("the checklist has no inline add row (inline-add-input, “New Item”) at its bottom; "
                             f"the screen read {screen_text(driver)!r}") from error
    el = element(driver, tid("inline-add-input"))
    driver.execute_script("arguments[0].focus()", el)
    el.send_keys(text, Keys.ENTER)
    until(driver, lambda d: text in [r["text"] for r in item_rows(d)],
          f"{text!r} typed into the inline add row and Enter never showed in the list "
          f"(the screen read {screen_text(driver)!r})")
    assert driver.execute_script("return document.activeElement?.dataset.testid") == "inline-add-input", (
        "the focus left the inline add row after adding (the keyboard would close)")
    assert element(driver, tid("inline-add-input")).get_attribute("value") == "", "the inline add row kept its text"


def add_with_form(driver, text: str) -> None:
    """+ → text → Done; back on the checklist with the new row."""
    click(driver, tid("add-item"))
    wait_ready(driver, "itemForm")
    type_text(driver, tid("item-text-input"), text)
    click(driver, tid("done"))
    try:
        wait_ready(driver, "list")
        until(driver, lambda d: text in [r["text"] for r in item_rows(d)])
    except Exception as error:
        raise AssertionError(f"Add Item “{text}” → Done did not come back to the list with it; the phone showed "
                             f"{screen_text(driver)!r}") from error


def row_id(driver, text: str) -> str:
    return until(driver, lambda d: next((r["id"] for r in item_rows(d) if r["text"] == text), None),
                 f"no row {text!r} on the checklist")


def rename(driver, text: str, new: str) -> None:
    """Edit (the row's info button) → new text → Done."""
    click(driver, f'{tid("item-row", item_id=row_id(driver, text))} {tid("edit-item")}')
    wait_ready(driver, "itemForm")
    type_text(driver, tid("item-text-input"), new)
    click(driver, tid("done"))
    try:
        wait_ready(driver, "list")
        until(driver, lambda d: new in [r["text"] for r in item_rows(d)])
    except Exception as error:
        raise AssertionError(f"renaming “{text}” to “{new}” → Done did not come back to the list with it; "
                             f"the phone showed {screen_text(driver)!r}") from error


def tick(driver, text: str, checked: bool = True) -> None:
    """Taps the row's circle; the checkmark shows at once (online or not)."""
    selector = f'{tid("item-row", item_id=row_id(driver, text))} {tid("item-toggle")}'
    if next(r for r in item_rows(driver) if r["text"] == text)["checked"] == checked:
        return
    click(driver, selector)
    try:
        until(driver, lambda d: next(r for r in item_rows(d) if r["text"] == text)["checked"] == checked, timeout=5)
    except Exception as error:
        raise AssertionError(f"tapping “{text}” did not {'tick' if checked else 'untick'} it; the phone showed "
                             f"{screen_text(driver)!r}") from error


def move_up(driver, text: str) -> None:
    set_edit_mode(driver, True)
    before = [r["text"] for r in item_rows(driver)]
    click(driver, f'{tid("item-row", item_id=row_id(driver, text))} {tid("move-up")}')
    index = before.index(text)
    expected = before[:index - 1] + [text, before[index - 1]] + before[index + 1:]
    until(driver, lambda d: [r["text"] for r in item_rows(d)] == expected, f"{text!r} did not move up")
    set_edit_mode(driver, False)


def delete(driver, text: str) -> None:
    set_edit_mode(driver, True)
    click(driver, f'{tid("item-row", item_id=row_id(driver, text))} {tid("delete-item")}')
    until(driver, lambda d: text not in [r["text"] for r in item_rows(d)], f"{text!r} was not deleted")
    set_edit_mode(driver, False)


def checklist_view(driver) -> list[tuple[str, bool]]:
    """The checklist as the user reads it: (text, ticked), top to bottom."""
    return [(r["text"], r["checked"]) for r in item_rows(driver)]


def server_checklist(server, list_id: str) -> list[tuple[str, bool]]:
    response = server.api("GET", f"/api/v1/checklists/{list_id}")
    assert response.status == 200, response.body
    return [(item["text"], item["checked"]) for item in response.body["items"]]


# MARK: - Shopping edits


def add_line(driver, name: str) -> None:
    """Types a name into the add box and presses Enter: the line shows, the box is empty and
    still focused."""
    type_text(driver, tid("add-line-input"), name)
    element(driver, tid("add-line-input")).send_keys(Keys.ENTER)
    try:
        until(driver, lambda d: name in [line["name"] for line in lines(d)], timeout=5)
    except Exception as error:
        raise AssertionError(f"typing “{name}” into the add box and pressing Enter put no line “{name}” on the "
                             f"list; the box holds {element(driver, tid('add-line-input')).get_attribute('value')!r}"
                             f" and the screen read {screen_text(driver)!r}") from error
    assert driver.execute_script("return document.activeElement?.dataset.testid") == "add-line-input", (
        "the add box lost the focus after adding")


def shopping_view(driver) -> list[tuple[str, bool, str]]:
    return line_view(driver)


def server_shopping(server, list_id: str) -> list[tuple[str, bool, str]]:
    response = server.api("GET", f"/api/v1/shopping-lists/{list_id}")
    assert response.status == 200, response.body
    return [(line["item"]["name"], line["inCart"], str(line["quantity"])) for line in response.body["lines"]]


def offline(driver) -> None:
    network.offline(driver)
    until_js(driver, "return navigator.onLine === false", message="navigator.onLine stayed true")


def online(driver) -> None:
    network.online(driver)
    until_js(driver, "return navigator.onLine === true", message="navigator.onLine stayed false")

