"""What the browser tests do with the page: explicit waits, reading rows, common flows.

Rows are read with one script each (the app re-renders rows in place, so element handles
can go stale between two WebDriver calls). Every wait is a WebDriverWait on a condition.
"""

from __future__ import annotations

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 15  # seconds; CI machines have two cores

FIGURES: list[str] = []  # measurements, printed at the end of the run (conftest's terminal summary)


def figure(line: str) -> None:
    """Prints a measurement now (seen with -s) and again in the run's summary."""
    print(line)
    FIGURES.append(line)

RETRY = (
    StaleElementReferenceException,
    NoSuchElementException,
    ElementClickInterceptedException,
    ElementNotInteractableException,
)


def tid(name: str, **attributes: str) -> str:
    """A CSS selector for a data-testid hook, optionally with data-* attributes."""
    selector = f'[data-testid="{name}"]'
    for key, value in attributes.items():
        selector += f'[data-{key.replace("_", "-")}="{value}"]'
    return selector


def wait(driver, timeout: float = TIMEOUT) -> WebDriverWait:
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=RETRY)


def until(driver, condition, message: str = "", timeout: float = TIMEOUT):
    """Waits until `condition(driver)` is truthy and returns its value."""
    return wait(driver, timeout).until(condition, message)


def until_js(driver, script: str, *args, message: str = "", timeout: float = TIMEOUT):
    """Waits until a script returns something truthy and returns it."""
    return until(driver, lambda d: d.execute_script(script, *args), message or script, timeout)


# Records, in the page, when a condition first holds (Date.now(), the same clock as the test's),
# so a test can measure how long a change took to show: `watch` before the change, `seen` after.
WATCH = """
const [key, body] = arguments;
window.__seen ??= {};
window.__watch ??= {};
window.__watch[key] = new Function(body);
if (!window.__observer) {
  const check = () => {
    for (const [k, holds] of Object.entries(window.__watch)) {
      if (!(k in window.__seen) && holds()) window.__seen[k] = Date.now();
    }
  };
  window.__observer = new MutationObserver(check);
  window.__observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}
"""


def watch(driver, key: str, body: str) -> None:
    """Starts recording when the script `body` first returns something truthy in the page."""
    driver.execute_script(WATCH, key, body)


def seen(driver, key: str, timeout: float = TIMEOUT) -> int:
    """Waits (up to `timeout` s) until the page saw `key` happen; returns when (ms since the epoch)."""
    return until(driver, lambda d: d.execute_script("return (window.__seen || {})[arguments[0]]", key),
                 f"the page never showed {key}", timeout)


def until_equal(driver, read, expected, message: str = "", timeout: float = TIMEOUT):
    """Waits until `read(driver) == expected`; the assertion message shows the last value."""
    last = []

    def check(d):
        value = read(d)
        last[:] = [value]
        return value == expected

    try:
        until(driver, check, timeout=timeout)
    except Exception as error:
        raise AssertionError(f"{message or 'value'}: expected {expected!r}, last saw {last[0] if last else None!r}") from error


def element(driver, selector: str, visible: bool = True):
    """The first element matching a CSS selector, once it is present (and visible)."""
    def find(d):
        el = d.find_element(By.CSS_SELECTOR, selector)
        return el if (not visible or el.is_displayed()) else None

    return until(driver, find, f"no {'visible ' if visible else ''}element {selector}")


def click(driver, selector: str) -> None:
    """Clicks an element, retrying while it is re-rendered, covered or not yet enabled."""
    why = ["not found"]

    def attempt(d):
        try:
            el = d.find_element(By.CSS_SELECTOR, selector)
            if not el.is_displayed() or not el.is_enabled():
                why[0] = "not displayed or not enabled"
                return False
            # As a person would: bring it clear of the fixed bars first (WebDriver clicks an
            # element whose middle is in the viewport as it is, even under the tab bar).
            d.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", el)
            el.click()
            return True
        except WebDriverException as error:
            why[0] = error.msg or type(error).__name__
            raise

    try:
        until(driver, attempt, f"could not click {selector}")
    except TimeoutException as error:
        raise TimeoutException(f"could not click {selector}: {why[0]}") from error


def press(driver, selector: str, *keys) -> None:
    """Focuses an element with script (as Tab would) and types keys into it."""
    def attempt(d):
        el = d.find_element(By.CSS_SELECTOR, selector)
        d.execute_script("arguments[0].focus()", el)
        if d.execute_script("return document.activeElement === arguments[0]", el):
            el.send_keys(*keys)
            return True
        return False

    until(driver, attempt, f"could not focus {selector}")


def type_text(driver, selector: str, text: str, clear: bool = True) -> None:
    el = element(driver, selector)
    if clear:
        el.send_keys(Keys.CONTROL, "a")
        el.send_keys(Keys.DELETE)
    if text:
        el.send_keys(text)


# MARK: - Screens


READY = """
const main = document.getElementById('main');
return !!document.body.dataset.screen && main.children.length > 0
  && !main.querySelector('[data-testid=loading]');
"""


def wait_ready(driver, screen: str | None = None, path: str | None = None) -> None:
    """Waits until a screen has drawn its content (and is the given screen and path)."""
    def ready(d):
        state = d.execute_script(
            "return [document.body.dataset.screen, location.pathname, (() => {" + READY + "})()]")
        return state[2] and (screen is None or state[0] == screen) and (path is None or state[1] == path)

    until(driver, ready, f"screen {screen or ''} {path or ''} never showed")


def goto(driver, path: str = "/", screen: str | None = None) -> None:
    driver.get(driver.base_url + path)
    wait_ready(driver, screen)


def path(driver) -> str:
    return driver.execute_script("return location.pathname")


def title(driver) -> str:
    return driver.execute_script("return document.getElementById('nav-title').textContent")


def set_dark(driver, dark: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}],
    })


def settled(driver) -> None:
    """Waits until no CSS animation or transition is running (before a screenshot)."""
    until_js(driver, "return document.getAnimations().every(a => a.playState !== 'running')",
             message="animations never finished")


# MARK: - All Lists


LIST_ROWS = """
return [...document.querySelectorAll('[data-testid=list-row]')].map(li => [
  li.querySelector('[data-testid=list-name]').textContent,
  li.querySelector('[data-testid=list-subtitle]').textContent,
  li.querySelector('.icon').dataset.iconImage,
]);
"""


def list_rows(driver) -> list[tuple[str, str]]:
    """All Lists as the user reads it: (name, subtitle) per row."""
    return [(name, sub) for name, sub, _ in driver.execute_script(LIST_ROWS)]


def list_icons(driver) -> dict[str, str]:
    return {name: icon for name, _, icon in driver.execute_script(LIST_ROWS)}


def wait_list_rows(driver, expected: list[tuple[str, str]]) -> None:
    until_equal(driver, list_rows, expected, "All Lists rows")


def open_list(driver, name: str) -> None:
    click(driver, f'{tid("list-row", list_name=name)} {tid("open-list")}')
    wait_ready(driver, "list")
    until_equal(driver, title, name, "title of the opened list")


def add_list(driver, name: str, icon: str | None = None) -> None:
    """+ → name → (Choose Icon → icon) → Done, from All Lists (the new list opens) → Back; ends on All Lists."""
    click(driver, tid("add-list"))
    wait_ready(driver, "listForm", "/lists/new")
    type_text(driver, tid("list-name-input"), name)
    if icon:
        choose_icon(driver, icon)
    click(driver, tid("done"))
    wait_ready(driver, "list")
    until_equal(driver, title, name, "title of the new list, which opens once made")
    back(driver, "lists")
    wait_ready(driver, "lists", "/")
    until(driver, lambda d: name in [n for n, _ in list_rows(d)], f"{name} never showed on All Lists")


def choose_icon(driver, icon: str) -> None:
    """From Add/Edit Checklist: the icon row, then an icon; back on the form."""
    click(driver, tid("icon-row"))
    wait_ready(driver, "icon")
    click(driver, tid("icon-choice", icon=icon))
    wait_ready(driver, "listForm")
    until(driver, lambda d: icon in d.find_element(By.CSS_SELECTOR, tid("icon-row")).text,
          f"the icon row never said {icon}")


# MARK: - Checklist


ITEM_ROWS = """
return [...document.querySelectorAll('[data-testid=item-row]')].map(li => ({
  id: li.dataset.itemId,
  text: li.querySelector('[data-testid=item-text]').textContent,
  checked: li.dataset.checked === 'true',
  mark: (li.querySelector('[data-testid=checkmark]') || {}).textContent || '',
  due: li.querySelector('[data-testid=item-due]').textContent,
}));
"""


def item_rows(driver) -> list[dict]:
    return driver.execute_script(ITEM_ROWS)


def item_texts(driver) -> list[str]:
    return [row["text"] for row in item_rows(driver)]


def item_row(driver, text: str) -> dict:
    return next(row for row in item_rows(driver) if row["text"] == text)


def item_selector(driver, text: str, testid: str) -> str:
    """A selector for a control inside the row showing `text`."""
    row_id = until(driver, lambda d: next((r["id"] for r in item_rows(d) if r["text"] == text), None),
                   f"no row {text!r}")
    return f'{tid("item-row", item_id=row_id)} {tid(testid)}'


def add_item(driver, text: str) -> None:
    """+ → text → Done, from a Checklist; ends on the Checklist with the new row."""
    click(driver, tid("add-item"))
    wait_ready(driver, "itemForm")
    type_text(driver, tid("item-text-input"), text)
    click(driver, tid("done"))
    wait_ready(driver, "list")
    until(driver, lambda d: text in item_texts(d), f"{text!r} never showed in the list")


def toggle(driver, text: str) -> None:
    before = item_row(driver, text)["checked"]
    click(driver, item_selector(driver, text, "item-toggle"))
    until(driver, lambda d: item_row(d, text)["checked"] != before, f"{text!r} did not toggle")


def back(driver, screen: str | None = None) -> None:
    click(driver, tid("back"))
    wait_ready(driver, screen)


def set_edit_mode(driver, on: bool) -> None:
    button = tid("edit-mode")
    pressed = "true" if on else "false"
    if element(driver, button).get_attribute("aria-pressed") != pressed:
        click(driver, button)
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, button).get_attribute("aria-pressed") == pressed)


def backup(lists: list[dict]) -> dict:
    """A JSON backup (docs/BACKUP-FORMAT.md) of lists given as {name, icon, items: [text | dict]}."""
    return {
        "format": "checklists-backup",
        "version": 1,
        "checklists": [
            {
                "name": entry["name"],
                "icon": entry.get("icon", "Folder"),
                "items": [item if isinstance(item, dict) else {"text": item} for item in entry["items"]],
            }
            for entry in lists
        ],
    }
