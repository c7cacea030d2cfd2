"""Faster entry on a Checklist (issue 12 §3) and what it shows while changes wait to be sent:
the inline add row, pasted lines, empty circles, the list menu, the pending mark and the banner.

The server is checked through its API (what another device would read), not only the page.
"""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    click, element, item_row, item_rows, item_texts, open_list, press, tid, type_text, until,
    until_equal, wait_ready,
)

# Pastes text into the focused element as the browser does (a paste event carrying the text).
PASTE = """
const target = document.activeElement;
const data = new DataTransfer();
data.setData('text/plain', arguments[0]);
const event = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
const handled = !target.dispatchEvent(event);
if (!handled) {
  target.setRangeText(arguments[0], target.selectionStart, target.selectionEnd, 'end');
  target.dispatchEvent(new Event('input', {bubbles: true}));
}
"""


def server_texts(server, name: str) -> list[str]:
    return [item["text"] for item in server.api("GET", f"/api/v1/checklists/{server.list_id(name)}").body["items"]]


def focused_testid(driver) -> str | None:
    return driver.execute_script("return document.activeElement && document.activeElement.dataset.testid")


def set_offline(driver, offline: bool) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
    })


def test_inline_add_row_keeps_focus_and_pasted_lines_make_items(server, browser):
    server.cli("list", "add", "Groceries")
    driver = browser("phone")
    open_list(driver, "Groceries")
    field = element(driver, tid("inline-add-input"))
    assert field.get_attribute("placeholder") == "New Item"

    press(driver, tid("inline-add-input"), "Salt", Keys.ENTER)
    until_equal(driver, item_texts, ["Salt"], "rows after Enter")
    assert focused_testid(driver) == "inline-add-input", "the field keeps the focus for the next item"
    assert element(driver, tid("inline-add-input")).get_attribute("value") == ""
    # The next item goes in at once, without touching anything else.
    driver.switch_to.active_element.send_keys("Milk", Keys.ENTER)
    until_equal(driver, item_texts, ["Salt", "Milk"], "rows after the second Enter")
    # An empty Enter (or spaces) adds nothing.
    driver.switch_to.active_element.send_keys("   ", Keys.ENTER)
    assert element(driver, tid("inline-add-input")).get_attribute("value") == "   "
    driver.switch_to.active_element.send_keys(Keys.BACKSPACE * 3, Keys.ENTER)
    assert item_texts(driver) == ["Salt", "Milk"]

    # Several lines pasted: one item per line, blank lines left out.
    driver.execute_script(PASTE, "Eggs\nBread\n\n  Butter  \n")
    until_equal(driver, item_texts, ["Salt", "Milk", "Eggs", "Bread", "Butter"], "rows after pasting lines")
    assert focused_testid(driver) == "inline-add-input"
    until_equal(driver, lambda _: server_texts(server, "Groceries"), ["Salt", "Milk", "Eggs", "Bread", "Butter"],
                "the items on the server")
    # One line pasted is just text in the field.
    driver.execute_script(PASTE, "Jam")
    assert element(driver, tid("inline-add-input")).get_attribute("value") == "Jam"
    assert item_texts(driver) == ["Salt", "Milk", "Eggs", "Bread", "Butter"]

    # Text the server would refuse is said, and kept in the field.
    driver.execute_script("arguments[0].removeAttribute('maxlength')", element(driver, tid("inline-add-input")))
    driver.execute_script("arguments[0].value = 'x'.repeat(1001)", element(driver, tid("inline-add-input")))
    press(driver, tid("inline-add-input"), Keys.END, Keys.ENTER)
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("inline-add-error")).text.strip(), "no error said")
    assert len(element(driver, tid("inline-add-input")).get_attribute("value")) == 1001


def test_add_item_screen_makes_one_item_per_pasted_line(server, browser):
    server.cli("list", "add", "Trip")
    driver = browser("desktop")
    open_list(driver, "Trip")
    click(driver, tid("add-item"))
    wait_ready(driver, "itemForm")
    element(driver, tid("item-text-input")).click()
    driver.execute_script(PASTE, "Passport\nTickets\nCharger")
    click(driver, tid("done"))
    wait_ready(driver, "list")
    until_equal(driver, item_texts, ["Passport", "Tickets", "Charger"], "rows after pasting into Add Item")
    until_equal(driver, lambda _: server_texts(server, "Trip"), ["Passport", "Tickets", "Charger"], "on the server")


def test_unticked_rows_show_an_empty_circle(server, browser):
    server.cli("list", "add", "Chores")
    for text in ("Dishes", "Laundry"):
        server.cli("add", "Chores", text)
    driver = browser("phone")
    open_list(driver, "Chores")
    marks = """return [...document.querySelectorAll('[data-testid=item-row]')].map(li => [
        li.querySelector('[data-testid=item-text]').textContent,
        !!li.querySelector('[data-testid=check-slot], .check-slot [data-testid=check-circle]'),
        !!li.querySelector('[data-testid=checkmark]')])"""
    until_equal(driver, lambda d: d.execute_script(marks), [["Dishes", True, False], ["Laundry", True, False]], "marks")
    click(driver, f'{tid("item-row", item_id=item_row(driver, "Dishes")["id"])} {tid("item-toggle")}')
    until_equal(driver, lambda d: d.execute_script(marks), [["Dishes", False, True], ["Laundry", True, False]],
                "marks after ticking Dishes")


def test_a_tick_offline_waits_marked_and_is_sent_when_back_online(server, browser):
    browser.allow_console(r"ERR_INTERNET_DISCONNECTED")
    server.cli("list", "add", "Groceries")
    server.cli("list", "add", "Never opened")
    for text in ("Salt", "Milk"):
        server.cli("add", "Groceries", text)
    driver = browser("phone")
    open_list(driver, "Groceries")
    assert element(driver, tid("offline-banner"), visible=False).is_displayed() is False

    set_offline(driver, True)
    salt = item_row(driver, "Salt")["id"]
    click(driver, f'{tid("item-row", item_id=salt)} {tid("item-toggle")}')
    # Shown at once, marked as waiting; the banner counts it.
    until(driver, lambda d: item_row(d, "Salt")["checked"], "the tick did not show")
    row = element(driver, tid("item-row", item_id=salt))
    until(driver, lambda d: row.get_attribute("data-pending") == "true", "the row is not marked as waiting")
    assert row.find_element(By.CSS_SELECTOR, tid("pending-mark")).get_attribute("aria-label") == "Waiting to send"
    banner = element(driver, tid("offline-banner"))
    until(driver, lambda d: banner.text.startswith("Offline — 1 change waiting"), f"banner said {banner.text!r}")
    assert element(driver, tid("pending-count")).get_attribute("data-count") == "1"
    assert server.api("GET", f"/api/v1/items/{salt}").body["checked"] is False

    # A list opened before is kept; one never opened says so.
    click(driver, tid("back"))
    wait_ready(driver, "lists")
    click(driver, f'{tid("list-row", list_name="Never opened")} {tid("open-list")}')
    element(driver, tid("not-offline"))
    click(driver, tid("back"))
    wait_ready(driver, "lists")
    click(driver, f'{tid("list-row", list_name="Groceries")} {tid("open-list")}')
    wait_ready(driver, "list")
    assert not driver.find_elements(By.CSS_SELECTOR, tid("not-offline"))
    until(driver, lambda d: item_row(d, "Salt")["checked"], "the kept list lost the tick")

    set_offline(driver, False)
    until_equal(driver, lambda _: server.api("GET", f"/api/v1/items/{salt}").body["checked"], True, "the server")
    until(driver, lambda d: not d.find_element(By.CSS_SELECTOR, tid("offline-banner")).is_displayed(),
          "the banner stayed once the change was sent")
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, tid("item-row", item_id=salt)).get_attribute("data-pending")
          is None, "the row stayed marked")


def supports_list_resets(server, name: str) -> bool:
    """Whether this server has uncheck-all / clear-checked / hideChecked ."""
    answer = server.api("POST", f"/api/v1/checklists/{server.list_id(name)}/uncheck-all")
    return answer.status == 200


def test_list_menu_hides_clears_and_unchecks_ticked_items(server, browser):
    server.cli("list", "add", "Packing")
    assert supports_list_resets(server, "Packing"), "the server has no uncheck-all route"
    for text in ("Socks", "Shirt", "Shoes", "Hat"):
        server.cli("add", "Packing", text)
    driver = browser("phone")
    open_list(driver, "Packing")
    for text in ("Socks", "Shoes"):
        click(driver, f'{tid("item-row", item_id=item_row(driver, text)["id"])} {tid("item-toggle")}')
    until(driver, lambda d: sum(r["checked"] for r in item_rows(d)) == 2, "two ticked")
    list_id = server.list_id("Packing")

    # Hide Ticked: the ticked rows go, a footer counts them; kept on the list (hideChecked).
    click(driver, tid("list-menu"))
    assert element(driver, tid("hide-checked")).get_attribute("aria-pressed") == "false"
    click(driver, tid("hide-checked"))
    until_equal(driver, item_texts, ["Shirt", "Hat"], "rows while ticked are hidden")
    assert element(driver, tid("hidden-count")).text == "2 ticked items hidden"
    until_equal(driver, lambda _: server.api("GET", f"/api/v1/checklists/{list_id}").body["checklist"].get("hideChecked"),
                True, "hideChecked on the server")
    click(driver, tid("list-menu"))
    assert element(driver, tid("hide-checked")).get_attribute("aria-pressed") == "true"
    click(driver, tid("hide-checked"))
    until_equal(driver, item_texts, ["Socks", "Shirt", "Shoes", "Hat"], "rows once shown again")

    # Uncheck All: every row unticked, on the server too.
    click(driver, tid("list-menu"))
    click(driver, tid("uncheck-all"))
    until(driver, lambda d: not any(r["checked"] for r in item_rows(d)), "rows still ticked")
    until_equal(driver, lambda _: [i["checked"] for i in server.api("GET", f"/api/v1/checklists/{list_id}").body["items"]],
                [False] * 4, "the server after Uncheck All")

    # Clear Ticked asks first (it deletes), then deletes only the ticked ones.
    click(driver, f'{tid("item-row", item_id=item_row(driver, "Hat")["id"])} {tid("item-toggle")}')
    until(driver, lambda d: item_row(d, "Hat")["checked"], "Hat not ticked")
    click(driver, tid("list-menu"))
    click(driver, tid("clear-checked"))
    element(driver, tid("confirm-dialog"))
    click(driver, tid("confirm-cancel"))
    assert item_texts(driver) == ["Socks", "Shirt", "Shoes", "Hat"]
    click(driver, tid("list-menu"))
    click(driver, tid("clear-checked"))
    click(driver, tid("confirm-ok"))
    until_equal(driver, item_texts, ["Socks", "Shirt", "Shoes"], "rows after Clear Ticked")
    until_equal(driver, lambda _: server_texts(server, "Packing"), ["Socks", "Shirt", "Shoes"], "the server after Clear Ticked")
