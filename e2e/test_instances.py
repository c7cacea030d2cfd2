"""Two `checklists serve` instances on one database behind nginx (contrib/nginx/checklists.conf),
with real browsers: what a household sees when one instance dies.

    .venv/bin/python -m pytest e2e/test_instances.py -q                 # on PostgreSQL
    CHECKLISTS_E2E_DATABASE=sqlite .venv/bin/python -m pytest e2e/test_instances.py -q

On PostgreSQL the database is a fresh one with a unique name on the shared test cluster
(`$CHECKLISTS_TEST_POSTGRES`, else `scripts/postgres start`), dropped at the end; on SQLite both
instances open one file.

The instances run with the systemd unit's command line (contrib/systemd/checklists@.service:
127.0.0.1, a port each, `--behind-https-proxy`) and the environment contrib/systemd/checklists.env
gives them (`CHECKLISTS_DATABASE_URL`, `CHECKLISTS_PUBLIC_URL` the address browsers use); with
`--behind-https-proxy` there must be accounts (alice).
nginx does TLS with a self-signed certificate made for the test and listens on 127.0.0.1 only.

Which browser reaches which instance: the first ("through nginx") opens the app while only
instance A runs, so its event stream is held by A (nginx passes the requests B refuses on to A);
then B starts and the second browser ("direct") opens B itself, at B's own port. So the first
browser's stream is on A and the second browser is on B for certain. `kill -9` of A then breaks
the first browser's stream, which must reconnect through nginx to B.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))

from accounts_helpers import sign_in  # noqa: E402  (e2e/browser)
from helpers import (  # noqa: E402
    figure, item_row, item_rows, item_selector, item_texts, open_list, seen, until, watch,
)
from instances import (  # noqa: E402
    Database, Instance, Nginx, free_port, request, self_signed_certificate, site_config,
)

ROOT = Path(__file__).resolve().parents[1]
ENGINE = os.environ.get("CHECKLISTS_E2E_DATABASE", "postgres")
PASSWORD = "alice-password"
CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")

ROW_CHECKED = """return document.querySelector('[data-testid=item-row][data-item-id="{id}"]')?.dataset.checked === '{checked}'"""
SIZES = {"phone": (375, 667, True), "desktop": (1280, 800, False)}
CLICK = "const t = Date.now(); document.querySelector(arguments[0]).click(); return t"


def binary() -> Path:
    path = Path(os.environ.get("CHECKLISTS_BINARY", ROOT / ".build" / "debug" / "checklists"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"The checklists binary is missing at {path}: run `swift build` first.", pytrace=False)
    return path


def cli(database: Database, *args: str, input: str | None = None) -> str:
    result = subprocess.run([str(binary()), "--db", database.location, *args], capture_output=True,
                            text=True, input=input, timeout=60)
    assert result.returncode == 0, f"checklists {' '.join(args)}: {result.stdout}{result.stderr}"
    return result.stdout


class Browsers:
    """Headless Chromium sessions; a SEVERE console message fails the test unless allowed."""

    def __init__(self):
        self.drivers = []
        self.allowed = []

    def open(self, base_url: str, size: str = "desktop"):
        width, height, mobile = SIZES[size]
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--lang=en-US",
                         f"--window-size={width},{height}", "--no-first-run", "--disable-extensions",
                         "--disable-background-networking", "--disable-background-timer-throttling",
                         "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
                         # The test's own self-signed certificate for nginx.
                         "--ignore-certificate-errors"):
            options.add_argument(argument)
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 1.0, "mobile": mobile, "touch": False}})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        driver.base_url = base_url
        driver.size_name = size
        driver.console = []
        driver.set_script_timeout(30)
        self.drivers.append(driver)
        return driver

    def severe(self) -> list[str]:
        bad = []
        for driver in self.drivers:
            try:
                driver.console.extend(driver.get_log("browser"))
            except Exception:
                pass
            for entry in driver.console:
                message = entry.get("message", "")
                if entry.get("level") == "SEVERE" and not any(re.search(p, message) for p in self.allowed):
                    bad.append(f"[{driver.size_name}] {message}")
        return bad

    def quit(self, folder: Path | None = None) -> None:
        for index, driver in enumerate(self.drivers):
            try:
                if folder:
                    driver.save_screenshot(str(folder / f"browser{index}.png"))
                    (folder / f"browser{index}-console.txt").write_text(
                        "\n".join(f"{e.get('level')} {e.get('message')}" for e in driver.console))
                driver.quit()
            except Exception:
                pass


class Writer(threading.Thread):
    """Adds items through nginx one after another, as a client would, and keeps which ones the
    server acknowledged (201 with the item) and which failed (and how)."""

    def __init__(self, url: str, token: str, list_id: str, prefix: str = "w"):
        super().__init__(daemon=True)
        self.url, self.token, self.list_id, self.prefix = url, token, list_id, prefix
        self.acknowledged: list[tuple[float, str]] = []
        self.failed: list[tuple[float, str, str]] = []
        self.halt = threading.Event()

    def run(self) -> None:
        number = 0
        while not self.halt.is_set():
            number += 1
            text = f"{self.prefix}{number:04d}"
            try:
                answer = request(f"{self.url}/api/v1/checklists/{self.list_id}/items", "POST",
                                 {"text": text}, token=self.token)
                if answer.status == 201 and answer.body.get("text") == text:
                    self.acknowledged.append((time.monotonic(), text))
                else:
                    self.failed.append((time.monotonic(), text, f"HTTP {answer.status}"))
            except OSError as error:
                self.failed.append((time.monotonic(), text, repr(error)))
            time.sleep(0.02)


PAGE_TEXTS = """
const [id, done] = arguments;
import('/data/store.js').then((m) => done((m.store._internal.state.lists.get(id)?.items ?? []).map((i) => i.text)));
"""


def shows_checked(driver, text: str) -> bool:
    """Whether the page shows the item checked; false while the list is still loading (a
    missing row is not yet an answer, where item_row would end the wait with StopIteration)."""
    return any(row["text"] == text and row["checked"] for row in item_rows(driver))


def page_texts(driver, list_id: str) -> list[str]:
    """The texts of the items the page holds for a list (its store, which the screen draws)."""
    return driver.execute_async_script(PAGE_TEXTS, list_id)



def tick(clicker, watcher, text: str, ids: dict) -> float:
    """Clicks `text`'s checkbox in one page; ms until the other page shows the new state."""
    checked = "false" if item_row(clicker, text)["checked"] else "true"
    key = f"{text} {checked} {time.monotonic()}"
    watch(watcher, key, ROW_CHECKED.format(id=ids[text], checked=checked))
    clicked = clicker.execute_script(CLICK, item_selector(clicker, text, "item-toggle"))
    return seen(watcher, key) - clicked


@pytest.fixture
def setup(tmp_path, request):
    folder = Path(tempfile.mkdtemp(prefix="checklists-e2e-nginx-"))
    database = Database(ENGINE, tmp_path)
    failures_before = request.session.testsfailed
    started = {"database": database, "instances": [], "nginx": None, "browsers": Browsers()}
    yield folder, started
    failed = request.session.testsfailed > failures_before
    artifacts = None
    if failed:
        artifacts = Path(tempfile.gettempdir()) / "checklists-e2e-artifacts" / request.node.name
        artifacts.mkdir(parents=True, exist_ok=True)
        for instance in started["instances"]:
            (artifacts / f"instance-{instance.name}.log").write_text(instance.log())
        if started["nginx"]:
            (artifacts / "nginx-error.log").write_text(started["nginx"].log())
        print(f"\nartifacts: {artifacts}")
    started["browsers"].quit(artifacts)
    try:
        for instance in started["instances"]:
            instance.stop()
    finally:
        if started["nginx"]:
            started["nginx"].stop()
        database.close()
        shutil.rmtree(folder, ignore_errors=True)


def test_two_instances_behind_nginx_share_ticks_and_survive_a_kill(setup):
    folder, started = setup
    database = started["database"]
    browsers = started["browsers"]
    cli(database, "user", "add", "alice", input=PASSWORD + "\n")
    cli(database, "--user", "alice", "list", "add", "Groceries", "--icon", "groceries")
    for text in ("Milk", "Eggs", "Bread"):
        cli(database, "--user", "alice", "add", "Groceries", text)
    token = json.loads(cli(database, "--user", "alice", "token", "create", "e2e", "--json"))["token"]

    port, ports = free_port(), [free_port(), free_port()]
    certificate, key = self_signed_certificate(folder)
    public = f"https://127.0.0.1:{port}"
    a, b = (Instance(binary(), database, p, public, name) for p, name in zip(ports, "AB"))
    started["instances"] += [a, b]
    a.start()
    nginx = Nginx(folder, site_config(port=port, redirect_port=free_port(), upstreams=ports,
                                      certificate=certificate, key=key), port)
    started["nginx"] = nginx
    assert nginx.master_user() != 0, "nginx's master process runs as root"

    # Through nginx while B is down: nginx passes what B refuses on to A.
    lists = request(f"{nginx.url}/api/v1/checklists", token=token)
    assert lists.status == 200, f"GET /api/v1/checklists through nginx: {lists.status} {lists.body!r}"
    groceries = next(c["id"] for c in lists.body["checklists"] if c["name"] == "Groceries")
    ids = {i["text"]: i["id"] for i in request(f"{nginx.url}/api/v1/checklists/{groceries}", token=token).body["items"]}

    # The first browser opens the app through nginx while only A runs: its stream is on A.
    one = browsers.open(nginx.url, "desktop")
    sign_in(one, "alice", PASSWORD)
    open_list(one, "Groceries")
    request(f"{a.url}/api/v1/items/{ids['Milk']}/toggle", "POST", token=token)  # a change on A...
    until(one, lambda d: shows_checked(d, "Milk"), "the first page is not live on A")  # ...arrives

    # Then B starts, and the second browser opens B directly.
    b.start()
    other = browsers.open(b.url, "phone")
    sign_in(other, "alice", PASSWORD)
    open_list(other, "Groceries")
    until(other, lambda d: shows_checked(d, "Milk"), "B does not show A's change")

    # Ticks cross instances both ways, within a second.
    latencies = {"B to A": [], "A or B to B": []}
    for text in ("Eggs", "Bread", "Eggs"):
        latencies["B to A"].append(tick(other, one, text, ids))
        latencies["A or B to B"].append(tick(one, other, text, ids))
    # A write made on A itself reaches the page on B.
    watch(other, "milk on A", ROW_CHECKED.format(id=ids["Milk"], checked="false"))
    sent = time.time() * 1000
    assert request(f"{a.url}/api/v1/items/{ids['Milk']}/toggle", "POST", token=token).status == 200
    latencies["A to B (API)"] = [seen(other, "milk on A") - sent]
    for what, values in latencies.items():
        figure(f"two instances, {ENGINE}: tick {what}: " + ", ".join(f"{round(v)} ms" for v in values))
    for what, values in latencies.items():
        assert sorted(values)[len(values) // 2] < 1000, f"ticks {what} took {values} ms (goal: within 1 s)"

    # kill -9 of A in the middle of writes through nginx: three clients writing at once, so
    # that some request is usually in flight on A when it dies.
    writers = [Writer(nginx.url, token, groceries, prefix) for prefix in ("w", "x", "y")]
    for writer in writers:
        writer.start()

    def acknowledged(after: float = 0) -> list[str]:
        return [text for writer in writers for t, text in writer.acknowledged if t > after]

    until(one, lambda d: len(acknowledged()) >= 30, "no writes went through before the kill", 30)
    browsers.allowed.append(r"/api/v1/events")  # the first page's stream breaks when A dies
    killed_at = time.monotonic()
    a.kill()
    until(one, lambda d: len(acknowledged(killed_at + 1)) >= 30,
          "writes stopped being acknowledged after A was killed", 30)

    # The first page's stream reconnects through nginx (to B): a tick on B shows in it.
    reconnect = tick(other, one, "Bread", ids)
    assert f'"GET /api/v1/events HTTP/2.0", upstream: "http://127.0.0.1:{a.port}/api/v1/events"' in nginx.log(), \
        "the first page's event stream was not on A when A was killed"
    figure(f"two instances, {ENGINE}: after kill -9 of A, tick B to A's former page: {round(reconnect)} ms")
    for writer in writers:
        writer.halt.set()
    for writer in writers:
        writer.join(15)

    # A write in flight on A when it died gets 502 (nginx does not send a POST twice); at most
    # one per client, and none once nginx has left A out.
    failures = [failure for writer in writers for failure in writer.failed]
    figure(f"two instances, {ENGINE}: {len(acknowledged())} writes acknowledged through nginx, "
           f"{len(failures)} failed at the kill: {[f[2] for f in failures]}")
    assert len(failures) <= len(writers), f"writes failed after the kill: {failures}"
    assert all(t < killed_at + 3 for t, _, _ in failures), f"writes still failed 3 s after the kill: {failures}"

    # Every acknowledged write is in the database: as B serves it, and as a fresh CLI reads it.
    stored = [i["text"] for i in request(f"{nginx.url}/api/v1/checklists/{groceries}", token=token).body["items"]]
    missing = [text for text in acknowledged() if text not in stored]
    assert not missing, f"acknowledged writes are missing after the kill: {missing}"
    items = json.loads(cli(database, "--user", "alice", "items", "Groceries", "--json"))
    texts = {entry["text"] for entry in (items["items"] if isinstance(items, dict) else items)}
    assert not [text for text in acknowledged() if text not in texts]
    # And the page that lost its instance has them all, live: in what it renders from (the list
    # screen draws only the rows near the viewport), and at the bottom of the list.
    wanted = set(acknowledged())
    last = stored[-1]  # the list's order is the order the writes committed in
    for driver in (one, other):
        until(driver, lambda d: wanted <= set(page_texts(d, groceries)),
              "a page does not hold every acknowledged write")
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        until(driver, lambda d: item_texts(d)[-1:] == [last], f"{last} is not at the bottom of the list")
    bad = browsers.severe()
    assert not bad, "SEVERE browser console messages:\n  " + "\n  ".join(bad)
