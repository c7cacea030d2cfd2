"""How long a list of 5,000 items takes to show, measured in the browser."""

import json
import time

from helpers import backup, figure, item_rows, until_js, wait_ready

COUNT = 5000

# Installed before the page's own scripts: notes when rows arrive, in performance.now() time,
# which counts from the navigation's start. "Painted" is the first task after the animation
# frame that follows the DOM change, that is after that frame's style, layout and paint.
PROBE = """
(() => {
  const marks = (window.__render = {});
  const afterPaint = (key) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { marks[key] = performance.now(); };
    channel.port2.postMessage(null);
  });
  new MutationObserver(() => {
    const ul = document.querySelector('[data-testid=items]');
    const rows = ul ? ul.childElementCount : 0;
    if (rows >= 1 && marks.firstRows === undefined) {
      marks.firstRows = performance.now();
      marks.firstCount = rows;
      afterPaint('firstPainted');
    }
    if (rows >= %d && marks.allRows === undefined) {
      marks.allRows = performance.now();
      afterPaint('allPainted');
    }
  }).observe(document, { childList: true, subtree: true });
})();
""" % COUNT


def test_first_render_of_5000_items(server, browser):
    data = backup([{"name": "Big", "icon": "Inbox", "items": [
        {"text": f"Item {n}", "checked": n % 3 == 0} for n in range(1, COUNT + 1)]}])
    started = time.perf_counter()
    response = server.api("POST", "/api/v1/import", data=json.dumps(data).encode())
    imported = time.perf_counter() - started
    assert response.status == 200, response.body
    assert response.body["itemsAdded"] == COUNT
    big = server.list_id("Big")

    driver = browser("desktop", path=None)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    results = []
    for visit in ("first visit", "second visit"):
        driver.get(f"{server.url}/lists/{big}")
        marks = until_js(driver, "const m = window.__render; return m && m.allPainted && m.firstPainted && m",
                         message=f"the {COUNT}th row never showed", timeout=60)
        wait_ready(driver, "list", f"/lists/{big}")
        results.append((visit, marks))

    rows = item_rows(driver)
    assert len(rows) == COUNT
    assert rows[0]["text"] == "Item 1" and rows[-1]["text"] == f"Item {COUNT}"
    assert sum(row["checked"] for row in rows) == COUNT // 3

    (_, first), (_, second) = results
    figure(f"first render of {COUNT} items: {first['allPainted']:.0f} ms "
           f"(navigation start → painted frame with the {COUNT}th row; first visit, cold browser cache)")
    figure(f"  first screenful ({first['firstCount']} rows) painted at {first['firstPainted']:.0f} ms; "
           f"second visit: all rows {second['allPainted']:.0f} ms, first screenful {second['firstPainted']:.0f} ms")
    figure(f"  import of {COUNT} items through POST /api/v1/import: {imported * 1000:.0f} ms")
    assert first["allPainted"] < 5000, "sanity bound: 5,000 rows within 5 s"
