"""The outbox outlives the browser: edits made offline are still waiting after the browser is
closed and opened again (the same Chromium profile, the same origin, still no network), and reach
the server exactly once when the network is back.
"""

import time

import pytest

from helpers import until_equal
from offline_helpers import (
    assert_pending, assert_waiting_text, banner, checklist_view, inline_add, offline, online, pending_names, phone,
    reload, rename, server_checklist, tick, visit, wait_banner_gone, wait_controlled, wait_offline_banner,
)


@pytest.fixture
def server(linked_server):
    return linked_server


def test_edits_made_offline_survive_closing_the_browser_and_are_sent_once(server, browser, links, tmp_path):
    server.cli("list", "add", "Groceries")
    for text in ("Milk", "Eggs"):
        server.cli("add", "Groceries", text)
    groceries = server.list_id("Groceries")
    profile = tmp_path / "phone-profile"

    first = phone(browser, links["A"], path=None, user_data_dir=profile)
    visit(first, f"/lists/{groceries}", "list")
    wait_controlled(first)
    until_equal(first, checklist_view, [("Milk", False), ("Eggs", False)], "Groceries, opened online")

    offline(first)
    tick(first, "Milk")
    inline_add(first, "Bread")
    inline_add(first, "Butter")
    rename(first, "Eggs", "Free-range eggs")
    mine = [("Milk", True), ("Free-range eggs", False), ("Bread", False), ("Butter", False)]
    until_equal(first, checklist_view, mine, "Groceries after the offline edits")
    waiting = wait_offline_banner(first, at_least=4, message="four edits waiting")
    # The phone is switched off, its edits unsent.
    browser.drain()
    first.quit()
    assert server_checklist(server, groceries) == [("Milk", False), ("Eggs", False)], (
        "edits reached the server although the phone had no network")

    # Switched on again, still without a network: the same profile, the same origin.
    again = phone(browser, links["A"], path=None, user_data_dir=profile)
    offline(again)  # before the first page: the link is still down too
    visit(again, f"/lists/{groceries}", "list")
    until_equal(again, checklist_view, mine, "Groceries after the browser was closed and opened again, offline")
    assert_pending(again, {"Milk", "Free-range eggs", "Bread", "Butter"}, exact=True)
    shown = wait_offline_banner(again, at_least=4, message="the edits still waiting after a restart")
    assert_waiting_text(shown)
    assert shown["count"] == waiting["count"], f"{waiting['count']} changes were waiting, now {shown['count']}"

    # The network is back: every edit reaches the server, once.
    online(again)
    until_equal(again, lambda _: server_checklist(server, groceries), mine, "the server's Groceries once back online")
    wait_banner_gone(again, "the banner once the edits were sent")
    assert not pending_names(again), f"rows still marked as waiting: {pending_names(again)}"
    # Nothing is sent twice: not by retries, not by a reload, not by a second browser start.
    time.sleep(1.5)
    reload(again, "list")
    until_equal(again, checklist_view, mine, "Groceries after a reload online")
    assert banner(again) is None or not banner(again)["shown"]
    browser.drain()
    again.quit()
    last = phone(browser, links["A"], path=None, user_data_dir=profile)
    visit(last, f"/lists/{groceries}", "list")
    until_equal(last, checklist_view, mine, "Groceries after one more start, online")
    time.sleep(1)
    texts = [item["text"] for item in server.api("GET", f"/api/v1/checklists/{groceries}").body["items"]]
    assert len(texts) == len(set(texts)) == 4, f"the server has {texts}: something was sent twice"
