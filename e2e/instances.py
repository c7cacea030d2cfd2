"""Several `checklists serve` instances on one database behind nginx, for e2e/test_instances.py.

- `Database(engine, folder)`: a SQLite file in `folder`, or (engine "postgres") a fresh database
  with a unique name on the shared test cluster (`$CHECKLISTS_TEST_POSTGRES`, else what
  `scripts/postgres start` prints), dropped at `close()`. `.location` is what `--db` takes.
- `Instance(binary, database, port, public_url)`: one `checklists serve` on 127.0.0.1:port,
  started with the command line of contrib/systemd/checklists@.service (`ExecStart=`, its `%i`
  the port) and the database and public URL in `CHECKLISTS_DATABASE_URL` and
  `CHECKLISTS_PUBLIC_URL`, as contrib/systemd/checklists.env gives them. `.kill()` is `kill -9`; `.stop()` is SIGTERM, which must exit 0 within 10 s.
- `Nginx(folder, site)`: Debian's nginx in the foreground from a configuration in `folder`
  (pid, logs and temp paths there too) that includes `site`, the text of
  contrib/nginx/checklists.conf with its ports, name and paths replaced by `site_config`. Run as
  root, it drops to `nobody` first, so its master process is unprivileged either way.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import ssl
import subprocess
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "contrib" / "nginx" / "checklists.conf"
UNIT = ROOT / "contrib" / "systemd" / "checklists@.service"
NGINX = os.environ.get("NGINX", "/usr/sbin/nginx")


def free_port() -> int:
    """A 127.0.0.1 port nothing listens on now (bound to 0 and released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# MARK: - The database


def postgres_server() -> str:
    """The shared test cluster's URL; fails (never skips) when there is none."""
    url = os.environ.get("CHECKLISTS_TEST_POSTGRES")
    if url:
        return url
    result = subprocess.run([str(ROOT / "scripts" / "postgres"), "start"], capture_output=True,
                            text=True, timeout=120)
    found = re.search(r"postgres(?:ql)?://\S+", result.stdout)
    if result.returncode != 0 or not found:
        raise AssertionError("No PostgreSQL server for CHECKLISTS_E2E_DATABASE=postgres: set "
                             "CHECKLISTS_TEST_POSTGRES or make `scripts/postgres start` work:\n"
                             + result.stdout + result.stderr)
    return found.group(0)


class Database:
    """The one database every instance of a test opens."""

    def __init__(self, engine: str, folder: Path):
        if engine not in ("sqlite", "postgres"):
            raise AssertionError(f"CHECKLISTS_E2E_DATABASE is '{engine}'; use sqlite or postgres.")
        self.engine = engine
        self.name = None
        if engine == "sqlite":
            self.location = str(folder / "checklists.sqlite")
            return
        self.server = postgres_server()
        self.name = f"e2e_{uuid.uuid4().hex}"
        self._psql(f'CREATE DATABASE "{self.name}"')
        base, _, query = self.server.partition("?")
        self.location = base.rsplit("/", 1)[0] + "/" + self.name + (f"?{query}" if query else "")

    def _psql(self, statement: str) -> None:
        result = subprocess.run(["psql", self.server, "-v", "ON_ERROR_STOP=1", "-qc", statement],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"psql {statement}: {result.stderr}"

    def close(self) -> None:
        """Drops the PostgreSQL database this made (never another)."""
        if self.name:
            self._psql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            self.name = None


# MARK: - An instance


def unit_command(binary: Path, database: Database, port: int) -> list[str]:
    """The unit's `ExecStart=` with the built binary and the port for `%i`."""
    lines = [line for line in UNIT.read_text().splitlines() if line.startswith("ExecStart=")]
    assert len(lines) == 1, f"{UNIT} has {len(lines)} ExecStart= lines, not 1"
    words = lines[0].removeprefix("ExecStart=").split()
    assert words[0] == "/usr/local/bin/checklists", f"{UNIT} starts {words[0]}"
    return [str(binary), *(w.replace("%i", str(port)) for w in words[1:])]



@dataclass
class Instance:
    binary: Path
    database: Database
    port: int
    public_url: str
    name: str = "A"
    process: subprocess.Popen | None = None
    output: list = field(default_factory=list)
    _ready: threading.Event = field(default_factory=threading.Event)
    _serving: bool = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self._ready.clear()
        self.process = subprocess.Popen(
            unit_command(self.binary, self.database, self.port),
            env={**os.environ, "CHECKLISTS_CURRENCY": "EUR", "CHECKLISTS_DATABASE_URL": self.database.location,
                 "CHECKLISTS_PUBLIC_URL": self.public_url},
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()
        if not self._ready.wait(30) or self.process.poll() is not None or not self._serving:
            self.process.kill()
            raise AssertionError(f"instance {self.name} did not start:\n{self.log()}")

    def _read(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            self.output.append(line.rstrip("\n"))
            if "in a browser" in line:
                self._serving = True
                self._ready.set()
        self._ready.set()

    def log(self) -> str:
        return "\n".join(self.output)

    def kill(self) -> None:
        """`kill -9`: no request is finished, nothing is flushed."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM; it must exit 0 within 10 s. Does nothing to an instance that has ended."""
        if not self.process or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"instance {self.name} did not stop within 10 s of SIGTERM:\n{self.log()}")
        assert code == 0, f"instance {self.name} exited {code} after SIGTERM:\n{self.log()}"

    def requests(self, method: str, path: str) -> int:
        """How many requests `method path` this instance has logged (its access lines)."""
        return sum(1 for line in self.output if f'"{method} {path}' in line)


# MARK: - nginx


def site_config(*, port: int, redirect_port: int, upstreams: list[int], certificate: Path,
                key: Path) -> str:
    """contrib/nginx/checklists.conf with only its ports, name and paths replaced. Each
    replacement must match exactly as often as expected, so a change to the file's shape fails
    here rather than silently testing something else."""
    text = SITE.read_text()
    live = "/etc/letsencrypt/live/checklists.example.org/"
    replacements = [
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{port} ssl http2;", 1),
        ("listen 80;", f"listen 127.0.0.1:{redirect_port};", 1),
        ("server 127.0.0.1:8080 ", f"server 127.0.0.1:{upstreams[0]} ", 1),
        ("server 127.0.0.1:8081 ", f"server 127.0.0.1:{upstreams[1]} ", 1),
        (live + "fullchain.pem", str(certificate), 1),
        (live + "privkey.pem", str(key), 1),
        ("server_name checklists.example.org;", "server_name 127.0.0.1;", 2),
    ]
    for old, new, count in replacements:
        found = text.count(old)
        assert found == count, f"contrib/nginx/checklists.conf has '{old}' {found} times, not {count}"
        text = text.replace(old, new)
    return text


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, made with openssl."""
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True, timeout=60)
    return certificate, key


class Nginx:
    """nginx in the foreground, unprivileged, from a folder of its own."""

    def __init__(self, folder: Path, site: str, port: int):
        if not os.access(NGINX, os.X_OK):
            raise AssertionError(f"nginx is missing at {NGINX}: apt-get install nginx (scripts/setup does).")
        self.folder, self.port = folder, port
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "checklists.conf").write_text(site)
        (folder / "nginx.conf").write_text(f"""# Generated by e2e/instances.py; removed with its folder.
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log info;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/checklists.conf;
}}
""")
        command = [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")]
        if os.geteuid() == 0:
            # An unprivileged master: nobody may read and write only this folder.
            for path in [folder, *folder.iterdir()]:
                os.chown(path, 65534, 65534)
            command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.process.kill()
        raise AssertionError(f"nginx did not listen on {port}:\n{self.log()}")

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def log(self) -> str:
        path = self.folder / "error.log"
        return path.read_text() if path.exists() else ""

    def master_user(self) -> int:
        """The uid nginx's master process runs as."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"^Uid:\s+(\d+)", status, re.M).group(1))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# MARK: - Requests


@dataclass
class Answer:
    status: int
    headers: dict
    body: object


UNVERIFIED = ssl.create_default_context()
UNVERIFIED.check_hostname = False
UNVERIFIED.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate


def request(url: str, method: str = "GET", body=None, token: str | None = None,
            timeout: float = 10) -> Answer:
    """One API request; an HTTP error status is an answer, a broken connection raises OSError."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Accept", "application/json")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout, context=UNVERIFIED) as response:
            status, headers, raw = response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        status, headers, raw = error.code, dict(error.headers), error.read()
    kind = headers.get("Content-Type", "")
    return Answer(status, headers, json.loads(raw) if raw and "json" in kind else raw)
