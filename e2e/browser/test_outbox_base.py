"""The outbox's own edits move to the revision they made (outbox.js bump) only for the fields they
set: a queued edit is never carried past another device's change of the same field."""
from __future__ import annotations

from store_helpers import allow_offline_noise, allow_old_server, offline, online, open_store, run, until_store
from test_store import make_list, server_items


def test_a_bumped_base_does_not_silently_overwrite_another_devices_change(server, browser):
    allow_old_server(browser)
    allow_offline_noise(browser)
    browser.allow_console(r"412")
    list_id, ids = make_list(server, "Pantry", ["Salt", "Sugar"])
    page = browser("desktop")
    open_store(page)
    run(page, "await store.loadChecklists(); await store.loadChecklist(args[0]);", list_id)

    offline(page)
    # Three ops, all made on what this phone saw: tick Salt, rename Sugar, rename Salt.
    run(page, """
      store.checkItem(args[0], true);
      store.updateItem(args[1], {text: 'Cane sugar'});
      store.updateItem(args[0], {text: 'Rock salt'});
    """, ids["Salt"], ids["Sugar"])
    # Meanwhile another device renames Salt (a real same-field conflict with the third op).
    assert server.api("PATCH", f"/api/v1/items/{ids['Salt']}", {"text": "Sea salt"}).status == 200
    online(page)
    until_store(page, "store.pendingCount() === 0", message="everything sent or in conflict")
    texts = [i["text"] for i in server_items(server, list_id)]
    conflicts = run(page, "return store.conflicts().map((c) => c.fields);")
    assert texts[0] == "Sea salt", f"the other device's rename was overwritten silently: {texts}, conflicts {conflicts}"
    assert len(conflicts) == 1 and conflicts[0][0]["theirs"] == "Sea salt"
