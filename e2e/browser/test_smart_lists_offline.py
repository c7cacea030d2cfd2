"""Smart lists and search without a connection (issue 14 §2, "offline too"): computed from what the
phone keeps, saying that a list never opened on it is missing; a check made there waits in the
outbox and reaches the server when the connection returns.
"""

from __future__ import annotations

import datetime as dt

import pytest

from selenium.webdriver.common.keys import Keys

from helpers import click, element, tid, type_text, until, until_equal, wait_ready
from offline_helpers import offline, online, phone, visit


@pytest.fixture
def server(linked_server):
    return linked_server


def iso_days(days: float) -> str:
    moment = dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=days)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def make(server, path: str, body: dict) -> str:
    answer = server.api("POST", path, body)
    assert answer.status == 201, answer.body
    return answer.body["id"]


def test_today_and_search_offline_from_what_the_phone_keeps(server, browser, links):
    home = make(server, "/api/v1/checklists", {"name": "Home", "icon": "Chores"})
    trip = make(server, "/api/v1/checklists", {"name": "Trip", "icon": "Trips"})
    rent = make(server, f"/api/v1/checklists/{home}/items", {"text": "Pay rent", "dueDate": iso_days(-1)})
    make(server, f"/api/v1/checklists/{home}/items", {"text": "Crème brûlée", "dueDate": iso_days(5)})
    make(server, f"/api/v1/checklists/{trip}/items", {"text": "Passport", "dueDate": iso_days(-1)})

    a = phone(browser, links["A"])
    wait_ready(a, "lists", "/")
    until(a, lambda d: element(d, tid("smart-tile", kind="today")).get_attribute("data-count") == "2",
          "Today's count online")
    visit(a, f"/lists/{home}", "list")  # Home is kept on the phone; Trip never was opened
    click(a, tid("back"))
    wait_ready(a, "lists", "/")

    offline(a)
    click(a, tid("smart-tile", kind="today"))
    wait_ready(a, None, "/smart/today")
    note = until(a, lambda d: d.execute_script(
        "return document.querySelector('[data-testid=smart-offline-note]')?.textContent"), "no offline note")
    assert "1 list was never opened on this device" in note, note
    until_equal(a, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-testid=smart-row] .item-text')].map(e => e.textContent)"),
        ["Pay rent"], "Today from what the phone keeps")

    # A check made offline waits in the outbox, then reaches the server.
    click(a, f'{tid("smart-row", item_id=rent)} {tid("smart-toggle")}')
    until_equal(a, lambda d: d.find_element("css selector", tid("smart-row", item_id=rent)).get_attribute(
        "data-checked"), "true", "the row shows ticked offline")
    assert server.api("GET", f"/api/v1/items/{rent}").body["checked"] is False

    # Search, offline: what is kept, with the same note.
    click(a, tid("back"))
    wait_ready(a, "lists", "/")
    type_text(a, tid("lists-search"), "creme")
    element(a, tid("lists-search")).send_keys(Keys.ENTER)
    wait_ready(a, None, "/search")
    until_equal(a, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-testid=search-result-text]')].map(e => e.textContent)"),
        ["Crème brûlée"], "the kept list's match")
    assert "never opened" in element(a, tid("search-offline-note")).text

    online(a)
    until(a, lambda d: server.api("GET", f"/api/v1/items/{rent}").body["checked"] is True,
          "the offline check never reached the server")
