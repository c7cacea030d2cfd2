"""Fixtures for the real-browser tests: a `checklists serve` per test, and headless Chromium.

- `server`: the built binary (`.build/debug/checklists`, or `$CHECKLISTS_BINARY`) serving a
  fresh temporary database on a free port; `.url`, `.db`, `.cli(*args)`, `.api(method, path, body)`.
  Stopped with SIGTERM at the end, which must exit 0 within 10 s.
- `accounts_server`: the same with accounts: the users of `USERS` (alice, bob) are added with the
  CLI before it starts, so it asks everyone to sign in. `.api(…, user="alice")` sends alice's
  API token. A test module uses it with its browsers by overriding `server` with it.
- `browser`: a factory, `browser("phone" | "desktop", dark=False, path="/")`, giving headless
  Chromium (Debian's /usr/bin/chromium and /usr/bin/chromedriver) already showing the app.
  Every SEVERE console message fails the test unless the test allowed it with
  `browser.allow_console(regex)` (for a 404/409/412 it caused on purpose, or being offline).

On a failure, screenshots and console logs of every open browser are written to
$CHECKLISTS_E2E_ARTIFACTS (default: a directory under the system's temp directory).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import tempfile
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

import helpers
import network
from accounts_helpers import USERS

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
ARTIFACTS = Path(os.environ.get("CHECKLISTS_E2E_ARTIFACTS", Path(tempfile.gettempdir()) / "checklists-e2e-artifacts"))

SIZES = {
    "phone": (375, 667, True),
    "desktop": (1280, 800, False),
}


def binary_path() -> Path:
    configured = os.environ.get("CHECKLISTS_BINARY")
    path = Path(configured) if configured else ROOT / ".build" / "debug" / "checklists"
    if not path.is_file() or not os.access(path, os.X_OK):
        pytest.fail(
            f"The checklists binary is missing at {path}: run `swift build --build-tests` first "
            "(or set CHECKLISTS_BINARY).",
            pytrace=False,
        )
    return path


# MARK: - The server


@dataclass
class ApiResponse:
    status: int
    headers: dict
    body: object  # parsed JSON, or bytes when not JSON


@dataclass
class Server:
    binary: Path
    db: Path
    process: subprocess.Popen | None = None
    url: str = ""
    output: list = field(default_factory=list)
    _ready: threading.Event = field(default_factory=threading.Event)
    _tokens: dict = field(default_factory=dict)
    env: dict = field(default_factory=dict)  # more environment for `serve` (linked_server's public URLs)

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(self.binary), "--db", str(self.db), "serve", "--port", "0"],
            # Prices in euros whatever the machine's locale, so tests can expect "€8.47".
            env={**os.environ, "CHECKLISTS_CURRENCY": os.environ.get("CHECKLISTS_CURRENCY", "EUR"), **self.env},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
        )
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(20) or not self.url:
            self.process.kill()
            raise AssertionError("checklists serve did not print its URL:\n" + self.log())

    def _read(self) -> None:
        assert self.process and self.process.stdout
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))
            match = re.search(r"Open (http://\S+?)/? in a browser", line)
            if match and not self.url:
                self.url = match.group(1).rstrip("/")
                self._ready.set()
        self._ready.set()  # the process ended

    def log(self) -> str:
        return "\n".join(self.output)

    def stop(self) -> None:
        """SIGTERM; the server must finish its requests and exit 0 within 10 s. Idempotent."""
        if not self.process or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("checklists serve did not stop within 10 s of SIGTERM:\n" + self.log())
        assert code == 0, f"checklists serve exited with {code} after SIGTERM:\n{self.log()}"

    def cli(self, *args: str, input: str | None = None) -> str:
        """Runs the binary on the same database file; asserts exit 0 and returns stdout."""
        result = subprocess.run(
            [str(self.binary), "--db", str(self.db), *args],
            capture_output=True,
            text=True,
            input=input,
            timeout=60,
        )
        assert result.returncode == 0, (
            f"checklists {' '.join(args)} exited {result.returncode}:\n{result.stdout}{result.stderr}"
        )
        return result.stdout

    def token(self, user: str) -> str:
        """An API token of `user` (made once with `checklists token create`)."""
        if user not in self._tokens:
            made = json.loads(self.cli("--user", user, "token", "create", "e2e", "--json"))
            self._tokens[user] = made["token"]
        return self._tokens[user]

    def api(self, method: str, path: str, body=None, *, data: bytes | None = None,
            content_type: str = "application/json", headers: dict | None = None,
            user: str | None = None) -> ApiResponse:
        """A request to the JSON API (or any path), as `user` (with their API token) once the
        server has accounts; never raises for an HTTP error status."""
        if user is not None:
            headers = {**(headers or {}), "Authorization": f"Bearer {self.token(user)}"}
        if body is not None:
            data = json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", content_type)
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, head, raw = response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            status, head, raw = error.code, dict(error.headers), error.read()
        kind = head.get("Content-Type", "")
        parsed = json.loads(raw) if raw and "json" in kind else raw
        return ApiResponse(status, head, parsed)

    def list_id(self, name: str) -> str:
        lists = self.api("GET", "/api/v1/checklists").body["checklists"]
        return next(item["id"] for item in lists if item["name"] == name)


@pytest.fixture
def server(tmp_path):
    srv = Server(binary=binary_path(), db=tmp_path / "checklists.sqlite")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def links():
    """Links (network.Link) named "A" to "D": each phone's own TCP proxy to the server, on a port
    of its own (its own origin), which a test switches off and on. Use with `linked_server`."""
    made = {name: network.Link(name) for name in "ABCD"}
    yield made
    for link in made.values():
        link.close()


@pytest.fixture
def linked_server(tmp_path, links):
    """A `server` that also answers at each link's URL (given as public URLs), with the links
    connected to it. A test module uses it by overriding `server` with it."""
    srv = Server(binary=binary_path(), db=tmp_path / "checklists.sqlite",
                 env={"CHECKLISTS_PUBLIC_URL": " ".join(link.url for link in links.values())})
    srv.start()
    for link in links.values():
        link.connect(srv.url)
    yield srv
    srv.stop()


@pytest.fixture
def accounts_server(tmp_path):
    srv = Server(binary=binary_path(), db=tmp_path / "checklists.sqlite")
    for name, password in USERS.items():
        srv.cli("user", "add", name, input=password + "\n")
    srv.start()
    yield srv
    srv.stop()


# MARK: - Browsers


class Browsers:
    """Starts headless Chromium sessions for one test and checks their consoles."""

    def __init__(self, server: Server, request):
        self.server = server
        self.request = request
        self.drivers: list = []
        self.allowed: list[re.Pattern] = []

    def __call__(self, size: str = "desktop", *, dark: bool = False, path: str | None = "/",
                 notifications: bool = False, base_url: str | None = None,
                 user_data_dir: Path | None = None):
        """`base_url`: where this browser opens the app (a `network.Link`'s URL, say), default the
        server's. `user_data_dir`: a Chromium profile folder to keep (IndexedDB, the service
        worker and its cache) and open again in a later browser; default a fresh one."""
        width, height, mobile = SIZES[size]
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--lang=en-US",
            f"--window-size={width},{height}", "--hide-scrollbars", "--force-color-profile=srgb",
            "--no-first-run", "--disable-extensions", "--disable-background-networking",
            "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows", "--disable-features=Translate,MediaRouter",
        ):
            options.add_argument(argument)
        if user_data_dir is not None:
            options.add_argument(f"--user-data-dir={user_data_dir}")
        # Exact viewports: headless windows can't be narrower than 500 px without emulation.
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "mobile": mobile, "touch": False},
        })
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        driver.size_name = size
        driver.base_url = base_url or self.server.url
        driver.console = []
        self.drivers.append(driver)
        driver.set_script_timeout(30)
        if dark:
            helpers.set_dark(driver, True)
        if notifications:
            driver.execute_cdp_cmd(
                "Browser.grantPermissions", {"origin": base_url or self.server.url, "permissions": ["notifications"]})
        if path is not None:
            helpers.goto(driver, path)
        return driver

    def allow_console(self, pattern: str) -> None:
        """Lets SEVERE console messages matching `pattern` pass (errors caused on purpose)."""
        self.allowed.append(re.compile(pattern))

    def drain(self) -> None:
        for driver in self.drivers:
            try:
                driver.console.extend(driver.get_log("browser"))
            except Exception:  # a session that is gone has nothing more to say
                pass

    def severe(self) -> list[str]:
        self.drain()
        bad = []
        for driver in self.drivers:
            for entry in driver.console:
                if entry.get("level") != "SEVERE":
                    continue
                message = entry.get("message", "")
                if not any(pattern.search(message) for pattern in self.allowed):
                    bad.append(f"[{driver.size_name}] {message}")
        return bad

    def save_artifacts(self, name: str) -> None:
        self.drain()
        folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", name)
        folder.mkdir(parents=True, exist_ok=True)
        for index, driver in enumerate(self.drivers):
            try:
                driver.save_screenshot(str(folder / f"browser{index}.png"))
                (folder / f"browser{index}.html").write_text(driver.page_source)
            except Exception:
                pass
            (folder / f"browser{index}-console.txt").write_text(
                "\n".join(f"{e.get('level')} {e.get('message')}" for e in driver.console))
        (folder / "server.log").write_text(self.server.log())
        print(f"\nbrowser artifacts: {folder}")

    def quit(self) -> None:
        for driver in self.drivers:
            try:
                driver.quit()
            except Exception:
                pass


@pytest.fixture
def browser(server, request):
    browsers = Browsers(server, request)
    yield browsers
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        browsers.save_artifacts(request.node.name)
    browsers.quit()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Fails a test whose browsers logged a SEVERE console error it did not expect."""
    result = yield
    browsers = item.funcargs.get("browser")
    if isinstance(browsers, Browsers):
        bad = browsers.severe()
        if bad:
            raise AssertionError("SEVERE browser console messages:\n  " + "\n  ".join(bad))
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: waits for wall-clock time (skipped when CHECKLISTS_SKIP_SLOW=1)")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("CHECKLISTS_SKIP_SLOW") == "1":
        skip = pytest.mark.skip(reason="CHECKLISTS_SKIP_SLOW=1")
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(skip)


def pytest_terminal_summary(terminalreporter):
    if helpers.FIGURES:
        terminalreporter.section("measured figures")
        for line in helpers.FIGURES:
            terminalreporter.write_line(line)
