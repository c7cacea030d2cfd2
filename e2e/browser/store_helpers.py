"""Driving the client store (Web/data/store.js) from a test: scripts run on the app's page.

`run(driver, body, *args)` runs an async function body with `store` and `sync` in scope (and
`args`), returning what it returns (JSON); a thrown error fails the test with its stack.
The connection is cut for the page with CDP: `offline(driver)` (navigator.onLine false, every
request fails), `block_api(driver)` (only /api/ requests fail: the page's own files still
load, as the service worker's cache serves them), `online(driver)`.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading

import helpers

PRELUDE = """
const done = arguments[arguments.length - 1];
const args = Array.from(arguments).slice(0, -1);
(async () => {
  const { store } = await import("/data/store.js");
  const { sync } = await import("/data/sync.js");
  const byText = (view, text) => view.items.find((i) => i.text === text);
  %s
})().then((value) => done({ ok: value === undefined ? null : value }),
           (error) => done({ error: String(error && (error.stack || error.message) || error) }));
"""


def run(driver, body: str, *args):
    result = driver.execute_async_script(PRELUDE % body, *args)
    if result is None:
        raise AssertionError("the script returned nothing")
    if "error" in result:
        raise AssertionError("the store script failed: " + result["error"])
    return result["ok"]


def open_store(driver, start: bool = True):
    """Opens the single-user store (from IndexedDB) and, with `start`, follows the server. The
    catalogue's words are loaded first, as app.js does (on a page that is not the app, the
    store's texts, a subtitle say, would otherwise show as their keys)."""
    return run(driver, f"""
      const {{ loadMessages, messagesLanguage }} = await import("/messages.js");
      await loadMessages(messagesLanguage());
      await store.open(null);
      {"await sync.start();" if start else ""}
      return store.pendingCount();
    """)


def until_store(driver, expression: str, *args, message: str = "", timeout: float = helpers.TIMEOUT):
    """Waits until a store expression (with `store` in scope) is truthy; returns it."""
    script = PRELUDE % f"return ({expression});"

    def check(d):
        result = d.execute_async_script(script, *args)
        if "error" in result:
            raise AssertionError("the store script failed: " + result["error"])
        return result["ok"]

    return helpers.until(driver, check, message or expression, timeout)


def offline(driver) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def block_api(driver) -> None:
    """Requests to /api/ fail as if the server were unreachable; the page's files still load."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/*"]})  # first: nothing slips through
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def online(driver) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def allow_offline_noise(browser) -> None:
    """Failed requests while offline are logged as SEVERE by Chromium: expected here. """
    browser.allow_console(r"ERR_INTERNET_DISCONNECTED|ERR_BLOCKED_BY_CLIENT|ERR_CONNECTION_REFUSED|"
                          r"ERR_NETWORK_CHANGED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|Failed to load resource|"
                          r"EventSource|/api/v1/")


def allow_old_server(browser) -> None:
    """Nothing to allow: every server these tests start answers `since=now`."""


def restart_on_same_port(server) -> None:
    """Starts a stopped `server` again on the port it had (the page keeps its origin)."""
    port = re.search(r":(\d+)$", server.url).group(1)
    server.url = ""
    server._ready = threading.Event()
    server.process = subprocess.Popen(
        [str(server.binary), "--db", str(server.db), "serve", "--port", port],
        env={**os.environ, "CHECKLISTS_CURRENCY": os.environ.get("CHECKLISTS_CURRENCY", "EUR")},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
    )
    threading.Thread(target=server._read, daemon=True).start()
    if not server._ready.wait(20) or not server.url:
        server.process.kill()
        raise AssertionError("checklists serve did not start again:\n" + server.log())


def kill(server) -> None:
    """Stops the server at once (SIGKILL: a phone losing its signal does not say goodbye)."""
    if server.process and server.process.returncode is None:
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(10)
