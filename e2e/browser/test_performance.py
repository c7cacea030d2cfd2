"""How long a list of 5,000 items takes to show, measured in the browser."""

import json
import time

from helpers import backup, figure, item_rows, until_js, wait_ready

COUNT = 5000

# Installed before the page's own scripts: notes when rows arrive, in performance.now() time,
# which counts from the navigation's start. "Painted" is the first task after the animation
# frame that follows the DOM change, that is after that frame's style, layout and paint.
# Only the rows near the viewport are in the DOM (issue 12 §5), so the first screenful is the
# figure: the first time the list holds at least 10 rows.
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
    const rows = ul ? ul.querySelectorAll('[data-testid=item-row]').length : 0;
    if (rows >= 10 && marks.firstRows === undefined) {
      marks.firstRows = performance.now();
      marks.firstCount = rows;
      afterPaint('firstPainted');
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""

SCROLL_TO_END = """
window.scrollTo(0, document.documentElement.scrollHeight);
const rows = [...document.querySelectorAll('[data-testid=item-row] [data-testid=item-text]')];
return rows.length ? rows[rows.length - 1].textContent : null;
"""


def test_first_render_of_5000_items(server, browser):
    data = backup([{"name": "Big", "icon": "Inbox", "items": [
        {"text": f"Item {n}", "checked": n % 3 == 0} for n in range(1, COUNT + 1)]}])
    started = time.perf_counter()
    response = server.api("POST", "/api/v1/import", data=json.dumps(data).encode())
    imported = time.perf_counter() - started
    assert response.status == 200, response.body
    assert response.body["report"]["itemsAdded"] == COUNT
    big = server.list_id("Big")

    driver = browser("desktop", path=None)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    results = []
    for visit in ("first visit", "second visit"):
        driver.get(f"{server.url}/lists/{big}")
        marks = until_js(driver, "const m = window.__render; return m && m.firstPainted && m",
                         message="the first rows never showed", timeout=60)
        wait_ready(driver, "list", f"/lists/{big}")
        results.append((visit, marks))

    # Only the rows near the screen are in the DOM; the first ones are the list's first items.
    rows = item_rows(driver)
    assert 10 <= len(rows) < 200, f"{len(rows)} rows in the DOM"
    assert rows[0]["text"] == "Item 1" and rows[0]["checked"] is False
    assert [row["checked"] for row in rows[:3]] == [False, False, True]
    # Scrolling to the end shows the last item (the rows there are built as they come into view).
    until_js(driver, SCROLL_TO_END.replace("return rows.length ? rows[rows.length - 1].textContent : null;",
                                            f"return rows.length > 0 && rows[rows.length - 1].textContent === 'Item {COUNT}';"),
             message=f"Item {COUNT} never showed at the end")
    assert len(item_rows(driver)) < 200, "scrolling kept every row in the DOM"

    (_, first), (_, second) = results
    figure(f"first render of {COUNT} items, first screenful ({first['firstCount']} rows): "
           f"{first['firstPainted']:.0f} ms (navigation start → painted frame; first visit, cold browser cache; "
           f"goal ≤ 300 ms, release build)")
    figure(f"  second visit (from IndexedDB): first screenful painted at {second['firstPainted']:.0f} ms "
           f"(goal ≤ 100 ms, release build); {len(rows)} of {COUNT} rows in the DOM")
    figure(f"  import of {COUNT} items through POST /api/v1/import: {imported * 1000:.0f} ms")
    # A sanity bound for debug builds on a loaded two-core machine; the goals above are for release builds.
    assert first["firstPainted"] < 8000, "sanity bound: the first screenful within 8 s"
