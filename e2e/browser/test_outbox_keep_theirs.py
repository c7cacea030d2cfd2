""""Keep theirs" on a conflict keeps theirs for the conflicting field only: the same edit's other
fields (refused with the whole 412) are still sent."""
from __future__ import annotations

from store_helpers import allow_offline_noise, allow_old_server, offline, online, open_store, run, until_store
from test_store import make_list, server_items


def test_keep_theirs_keeps_my_other_fields(server, browser):
    allow_old_server(browser)
    allow_offline_noise(browser)
    browser.allow_console(r"412")
    list_id, ids = make_list(server, "Pantry", ["Salt"])
    page = browser("desktop")
    open_store(page)
    run(page, "await store.loadChecklists(); await store.loadChecklist(args[0]);", list_id)
    offline(page)
    # Rename Salt, then tick it straight after: the outbox merges them into one PATCH.
    run(page, "store.updateItem(args[0], {text: 'Rock salt'}); store.checkItem(args[0], true);", ids["Salt"])
    assert server.api("PATCH", f"/api/v1/items/{ids['Salt']}", {"text": "Sea salt"}).status == 200
    online(page)
    until_store(page, "store.conflicts().length === 1", message="a conflict on the text")
    fields = run(page, "return store.conflicts()[0].fields.map((f) => f.field);")
    assert fields == ["text"], fields
    run(page, "store.resolve(store.conflicts()[0].id, 'theirs');")
    until_store(page, "store.pendingCount() === 0 && store.conflicts().length === 0")
    import time; time.sleep(1)
    salt = server_items(server, list_id)[0]
    shown = run(page, "return store.item(args[0]);", ids["Salt"])
    assert salt["text"] == "Sea salt"
    assert salt["checked"] is True, f"the tick (no conflict) was dropped with Keep theirs: server {salt}, shown {shown}"
