"""A device's kept edits belong to the user who made them: alice's unsent outbox is never sent
with bob's session when bob signs in on the same browser, even when the session answers slowly
(after app.js has opened the last user's store)."""
from __future__ import annotations

import time

import pytest

from accounts_helpers import account_name, on_login_page, submit_sign_in
from helpers import until
from store_helpers import allow_offline_noise, block_api, online, run, until_store


@pytest.fixture
def server(accounts_server):
    return accounts_server


def test_alices_outbox_is_not_sent_as_bob(server, browser):
    allow_offline_noise(browser)
    browser.allow_console(r"40[134]")
    list_id = server.api("POST", "/api/v1/checklists", {"name": "Alice's"}, user="alice").body["id"]
    page = browser("desktop", path=None)
    page.get(page.base_url + "/")
    until(page, on_login_page, "no sign-in page")
    submit_sign_in(page, "alice", __import__("accounts_helpers").USERS["alice"])
    until(page, lambda d: account_name(d) == "alice", "alice never signed in")
    run(page, "await store.loadChecklists(); await store.loadChecklist(args[0]);", list_id)

    block_api(page)  # her edit waits in her outbox (IndexedDB)
    run(page, "store.addItem(args[0], {text: 'Secret plan'});", list_id)
    until_store(page, "store.pendingCount() === 1")
    page.get(page.base_url + "/login")      # the page goes; her op stays queued
    page.delete_all_cookies()                # her session is gone from this browser
    online(page)
    until(page, on_login_page, "no sign-in page")
    # A slow phone network: every request takes 1.8 s (the session answers after app.js's 1.5 s race).
    page.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1800, "downloadThroughput": -1, "uploadThroughput": -1})
    submit_sign_in(page, "bob", __import__("accounts_helpers").USERS["bob"])
    until(page, lambda d: account_name(d) == "bob", "bob never signed in", timeout=60)
    time.sleep(6)
    online(page)
    items = server.api("GET", f"/api/v1/checklists/{list_id}", user="alice").body["items"]
    outbox = run(page, r"""
      const { openDatabase, databaseName } = await import('/data/idb.js');
      const read = async (user) => {
        const db = await openDatabase(databaseName(user));
        const ops = await db.getAll('outbox');
        db.close();
        return ops.map((o) => ({kind: o.kind, status: o.status, conflict: o.conflict?.message ?? null}));
      };
      return {alice: await read('alice'), bob: await read('bob'), user: store.user,
        entries: performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).map((e) => [e.name.replace(/^.*\/api/, ''), Math.round(e.startTime), Math.round(e.duration)])};
    """)
    assert items == [], "alice's item was sent with bob's session"
    print(outbox)
    assert outbox["bob"] == [] and outbox["alice"] == [{"kind": "addItem", "status": "queued", "conflict": None}], (
        f"alice's queued add was sent with bob's session and turned into: {outbox}")
