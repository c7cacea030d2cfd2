"""Dark mode, installing and working offline, and using the app with the keyboard alone."""

import json
import struct
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    click, element, goto, item_selector, list_icons, open_list, set_dark, set_edit_mode, tid, title,
    until, until_equal, until_js, wait_list_rows, wait_ready,
)


def luminance(css_color: str) -> float:
    """Relative luminance (0 black … 1 white) of an rgb()/rgba() computed colour."""
    parts = [float(x) for x in css_color[css_color.index("(") + 1:-1].replace("/", ",").split(",")[:3]]

    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in parts)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


COLOURS = """
const s = (el) => getComputedStyle(el);
const row = document.querySelector('[data-testid=list-row]');
return {
  page: s(document.body).backgroundColor,
  text: s(document.getElementById('nav-title')).color,
  row: s(row).backgroundColor,
  rowText: s(row.querySelector('[data-testid=list-name]')).color,
  scheme: matchMedia('(prefers-color-scheme: dark)').matches,
};
"""


def test_dark_mode(server, browser):
    driver = browser("phone")
    wait_list_rows(driver, [("List", "(No Items)")])
    light = driver.execute_script(COLOURS)
    assert not light["scheme"]
    assert luminance(light["page"]) > 0.8 and luminance(light["text"]) < 0.1, light

    set_dark(driver, True)  # prefers-color-scheme: dark, as the system setting would say
    until(driver, lambda d: d.execute_script(COLOURS)["scheme"])
    dark = until(driver, lambda d: (c := d.execute_script(COLOURS)) and luminance(c["page"]) < 0.05 and c,
                 "the page never turned dark")
    assert luminance(dark["row"]) < 0.05, dark
    assert luminance(dark["text"]) > 0.8 and luminance(dark["rowText"]) > 0.8, dark

    # A fresh load in dark mode is dark from the start, on every screen.
    goto(driver, "/lists/new")
    dark_form = driver.execute_script(
        "return [getComputedStyle(document.body).backgroundColor, "
        "getComputedStyle(document.querySelector('[data-testid=list-name-input]')).color]")
    assert luminance(dark_form[0]) < 0.05 and luminance(dark_form[1]) > 0.8, dark_form


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_installable_and_offline(server, browser):
    driver = browser("phone")
    wait_list_rows(driver, [("List", "(No Items)")])

    # The manifest is linked, parses, and names 192 and 512 pixel icons that exist.
    href = driver.execute_script("return document.querySelector('link[rel=manifest]')?.href")
    assert href == server.url + "/manifest.webmanifest"
    with urllib.request.urlopen(href, timeout=30) as response:
        manifest = json.loads(response.read())
    assert manifest["name"] == "Checklists" and manifest["start_url"] == "/"
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    sizes = {}
    for icon in manifest["icons"]:
        for size in icon.get("sizes", "").split():
            sizes[size] = icon["src"]
    for size in ("192x192", "512x512"):
        assert size in sizes, f"no {size} icon in {manifest['icons']}"
        with urllib.request.urlopen(server.url + sizes[size], timeout=30) as response:
            width, height = png_size(response.read())
        assert f"{width}x{height}" == size

    # The service worker registers, takes control and caches the shell.
    scope = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then(r => done(r.scope), e => done('error: ' + e));")
    assert scope == server.url + "/"
    until_js(driver, "return !!navigator.serviceWorker.controller", message="the service worker never took control")
    until(driver, lambda d: d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.match('/').then(r => done(!!r), () => done(false));"), "the shell was never cached")

    # Offline (as the browser sees it): reloading "/" still shows the app, saying it is offline.
    browser.allow_console(r"net::ERR_INTERNET_DISCONNECTED|net::ERR_CONNECTION_RESET")  # reset: a request in flight
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    goto(driver, "/")
    assert title(driver) == "Checklists"
    # The lists seen before are kept on the device (issue 12): shown, with the banner saying offline.
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("offline-banner")).text.startswith("Offline"),
          "the banner did not say offline")
    wait_list_rows(driver, [("List", "(No Items)")])
    assert not driver.find_elements(By.CSS_SELECTOR, tid("load-error"))

    # Back online, the app recovers by itself.
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait_list_rows(driver, [("List", "(No Items)")])
    until(driver, lambda d: not d.find_element(By.CSS_SELECTOR, tid("offline-banner")).is_displayed(),
          "the offline banner stayed")

    # With the server really gone, a reload still shows the app shell.
    browser.allow_console(r"net::ERR_CONNECTION_REFUSED")
    server.stop()
    goto(driver, "/")
    assert title(driver) == "Checklists"
    element(driver, tid("offline-banner"))
    wait_list_rows(driver, [("List", "(No Items)")])


# An accessible name for every control the accessibility tree exposes.
CONTROL_ROLES = {"button", "checkbox", "switch", "textbox", "link", "combobox", "menuitem", "tab",
                 "DateTime", "InputTime", "spinbutton"}


def unnamed_controls(driver, where: str) -> list[str]:
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    missing = []
    for node in tree:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value")
        name = (node.get("name") or {}).get("value", "")
        if role in CONTROL_ROLES and not str(name).strip():
            missing.append(f"{where}: {role} #{node.get('backendDOMNodeId')}")
    return missing


DOM_BUTTONS_WITHOUT_NAME = """
return [...document.querySelectorAll('button')].filter(b => b.getClientRects().length > 0)
  .filter(b => !(b.getAttribute('aria-label') || '').trim() && !b.textContent.trim()
               && !b.getAttribute('aria-labelledby'))
  .map(b => b.outerHTML.slice(0, 120));
"""


def test_keyboard_and_accessible_names(server, browser):
    server.cli("list", "add", "Groceries", "--icon", "groceries")
    server.cli("add", "Groceries", "Milk", "--due", "2030-12-24 18:00", "--remind")
    server.cli("add", "Groceries", "Eggs")
    server.cli("check", "Groceries", "Eggs")
    driver = browser("desktop")
    wait_list_rows(driver, [("Groceries", "1 Remaining"), ("List", "(No Items)")])

    # Tab from the top of the page: skip link, Edit, +, the search field, the five smart
    # lists, then each row's open and ⓘ buttons.
    driver.execute_script("document.activeElement?.blur(); window.scrollTo(0, 0); document.body.focus()")
    order = []
    for _ in range(12):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        order.append(driver.execute_script(
            "const a = document.activeElement;"
            "return a.dataset.testid || a.className || a.tagName"))
    assert order == ["skip-link", "edit-mode", "add-list", "lists-search"] + ["smart-tile"] * 5 + [
        "open-list", "edit-list", "open-list"], order

    # Add a checklist with the keyboard alone: + (Enter), type, the icon row (Tab, Enter),
    # an icon (Tab, Tab, Enter), back to the name (Shift+Tab) and Enter to save.
    driver.execute_script("document.querySelector('[data-testid=skip-link], .skip-link').focus()")
    for _ in range(2):
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("data-testid") == "add-list"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_ready(driver, "listForm", "/lists/new")
    until(driver, lambda d: d.switch_to.active_element.get_attribute("data-testid") == "list-name-input",
          "the name field did not get the focus")
    driver.switch_to.active_element.send_keys("Chores")
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("data-testid") == "icon-row"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_ready(driver, "icon", "/lists/new/icon")
    until(driver, lambda d: d.switch_to.active_element.get_attribute("data-icon") == "Folder",
          "Choose Icon did not focus the selected icon")
    driver.switch_to.active_element.send_keys(Keys.TAB)
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("data-icon") == "Inbox"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_ready(driver, "listForm", "/lists/new")
    until(driver, lambda d: d.switch_to.active_element.get_attribute("data-testid") == "icon-row",
          "the focus did not come back to the icon row")
    assert "Inbox" in driver.switch_to.active_element.text
    driver.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("data-testid") == "list-name-input"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    # The new list opens (issue 12); Back returns to All Lists.
    wait_ready(driver, "list")
    until(driver, lambda d: title(d) == "Chores", "the new list did not open")
    driver.execute_script("document.querySelector('[data-testid=back]').focus()")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_ready(driver, "lists", "/")
    wait_list_rows(driver, [("Chores", "(No Items)"), ("Groceries", "1 Remaining"), ("List", "(No Items)")])
    assert list_icons(driver)["Chores"] == "Inbox"

    # Open a list and check an item with the keyboard (Space on the row).
    # Back on All Lists, the focus is where it was: on +.
    until(driver, lambda d: d.switch_to.active_element.get_attribute("data-testid") == "add-list",
          "the focus did not return to +")
    driver.execute_script("document.querySelector('[data-list-name=Groceries] [data-testid=open-list]').focus()")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_ready(driver, "list")
    toggle = item_selector(driver, "Milk", "item-toggle")
    driver.execute_script("document.querySelector(arguments[0]).focus()", toggle)
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, toggle).get_attribute("aria-checked") == "true")
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, toggle).get_attribute("aria-checked") == "false")

    # Every control on every screen has an accessible name.
    missing = []

    def audit(where):
        missing.extend(unnamed_controls(driver, where))
        missing.extend(f"{where}: {html}" for html in driver.execute_script(DOM_BUTTONS_WITHOUT_NAME))

    audit("Checklist")
    set_edit_mode(driver, True)
    audit("Checklist, editing")
    click(driver, item_selector(driver, "Eggs", "delete-item"))
    element(driver, tid("toast-action"))
    audit("Checklist, Undo toast")
    set_edit_mode(driver, False)
    click(driver, tid("add-item"))
    wait_ready(driver, "itemForm")
    audit("Add Item")
    click(driver, tid("cancel"))
    wait_ready(driver, "list")
    click(driver, item_selector(driver, "Milk", "edit-item"))
    wait_ready(driver, "itemForm")
    audit("Edit Item")
    click(driver, tid("cancel"))
    wait_ready(driver, "list")
    click(driver, tid("back"))
    wait_ready(driver, "lists")
    audit("All Lists")
    set_edit_mode(driver, True)
    audit("All Lists, editing")
    click(driver, f'{tid("list-row", list_name="Chores")} {tid("delete-list")}')
    element(driver, tid("confirm-dialog"))
    audit("Delete dialog")
    click(driver, tid("confirm-cancel"))
    set_edit_mode(driver, False)
    click(driver, f'{tid("list-row", list_name="Chores")} {tid("edit-list")}')
    wait_ready(driver, "listForm")
    audit("Edit Checklist")
    click(driver, tid("icon-row"))
    wait_ready(driver, "icon")
    audit("Choose Icon")
    assert not missing, "controls without an accessible name:\n" + "\n".join(missing)
