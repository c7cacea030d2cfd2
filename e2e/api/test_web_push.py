"""Reminders reach a push service encrypted and signed, exactly once (Web Push, docs/PUSH.md).

The test plays the push service and the browser: a plain-HTTP server on 127.0.0.1 (allowed
with `--push-allow-insecure-origin`) records every push, and the subscriptions use P-256 keys
and auth secrets made here. Each push is checked with the reference implementations: its
VAPID token with `py_vapid` (RFC 8292) and its payload decrypted with `http_ece` (RFC 8291,
aes128gcm), which must give the contract's JSON.

Reminders fire at the start of their due minute, so each test waits for the next minute (at
most about a minute). With PostgreSQL (`$CHECKLISTS_TEST_POSTGRES` or `scripts/postgres
start`), two instances on one database still push each reminder once.
"""

from __future__ import annotations

import base64
import datetime
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "e2e"))
from instances import Database, free_port  # noqa: E402

BINARY = os.environ.get("CHECKLISTS_BINARY", str(ROOT / ".build" / "debug" / "checklists"))
CONTACT = "mailto:push-test@checklists.invalid"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# MARK: - The push service and the browser


class PushService:
    """Records each POST; answers 201, or 410 on paths under /gone/."""

    def __init__(self):
        self.received: list[dict] = []
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with service.lock:
                    service.received.append(
                        {"path": self.path, "headers": dict(self.headers), "body": body})
                gone = self.path.startswith("/gone/")
                self.send_response(410 if gone else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def pushes(self, path: str) -> list[dict]:
        with self.lock:
            return [push for push in self.received if push["path"] == path]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Browser:
    """A subscription's keys, made here, and the reading of what it receives."""

    def __init__(self, endpoint: str):
        self.endpoint = endpoint
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.subscription = {
            "endpoint": endpoint,
            "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)},
            "expirationTime": None,
        }

    def read(self, push: dict, server_key: str) -> dict:
        """Checks the push's headers and VAPID signature; returns its decrypted JSON."""
        headers = {name.lower(): value for name, value in push["headers"].items()}
        assert headers["content-encoding"] == "aes128gcm"
        assert headers["ttl"] == "86400"
        assert headers["urgency"] == "high"
        scheme, _, params = headers["authorization"].partition(" ")
        assert scheme == "vapid", headers["authorization"]
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        assert fields["k"] == server_key, "signed with another key than GET /api/v1/push/key's"
        assert Vapid02.verify(f"vapid t={fields['t']},k={fields['k']}"), "bad VAPID signature"
        claims = json.loads(unb64url(fields["t"].split(".")[1]))
        origin = re.match(r"https?://[^/]+", self.endpoint).group(0)
        assert claims["aud"] == origin
        assert claims["sub"] == CONTACT
        assert time.time() < claims["exp"] <= time.time() + 24 * 3600
        plaintext = http_ece.decrypt(
            push["body"], private_key=self.private_key, auth_secret=self.auth,
            version="aes128gcm")
        return json.loads(plaintext)


# MARK: - The server


class Server:
    def __init__(self, folder: pathlib.Path, database: str, push: PushService, name: str):
        self.log_path = folder / f"server-{name}.log"
        self.log_file = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [BINARY, "--db", database, "serve", "--port", "0", "--push-contact", CONTACT,
             "--push-allow-insecure-origin", push.origin],
            stdout=self.log_file, stderr=subprocess.STDOUT)
        self.url = None
        deadline = time.monotonic() + 60
        while self.url is None and time.monotonic() < deadline:
            match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.log())
            self.url = match.group(1) if match else time.sleep(0.1)
        assert self.url, "the server printed no URL:\n" + self.log()

    def log(self) -> str:
        return self.log_path.read_text()

    def call(self, method: str, path: str, body=None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method,
            headers={"Content-Type": "application/json"} if data is not None else {})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                text = response.read()
                return response.status, json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        self.log_file.close()
        assert self.process.returncode == 0, self.log()[-5000:]


def due_next_minute() -> datetime.datetime:
    """The start of the next minute, at least 3 s away: when a reminder due then fires."""
    now = datetime.datetime.now(datetime.timezone.utc)
    start = now.replace(second=0, microsecond=0) + datetime.timedelta(minutes=1)
    return start if (start - now).total_seconds() >= 3 else start + datetime.timedelta(minutes=1)


def add_reminder(server: Server, text: str) -> tuple[dict, dict, datetime.datetime]:
    status, checklist = server.call("POST", "/api/v1/checklists", {"name": f"Push {text}"})
    assert status == 201, checklist
    due = due_next_minute()
    status, item = server.call(
        "POST", f"/api/v1/checklists/{checklist['id']}/items",
        {"text": text, "dueDate": due.strftime("%Y-%m-%dT%H:%M:%SZ"), "remind": True})
    assert status == 201, item
    return checklist, item, due


def wait_for(condition, until: float) -> bool:
    while time.monotonic() < until:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture
def folder():
    with tempfile.TemporaryDirectory() as path:
        yield pathlib.Path(path)


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


# MARK: - Tests


def test_a_reminder_is_pushed_once_signed_and_encrypted(folder, push_service):
    server = Server(folder, str(folder / "push.sqlite"), push_service, "A")
    try:
        status, key = server.call("GET", "/api/v1/push/key")
        assert status == 200 and len(unb64url(key["publicKey"])) == 65

        phone = Browser(push_service.origin + "/push/phone")
        gone = Browser(push_service.origin + "/gone/old-laptop")
        for browser in (phone, gone):
            status, body = server.call("POST", "/api/v1/push/subscriptions", browser.subscription)
            assert (status, body) == (201, {"endpoint": browser.endpoint})
        # The same endpoint again updates it.
        status, _ = server.call("POST", "/api/v1/push/subscriptions", phone.subscription)
        assert status == 200

        # Plain HTTP elsewhere is refused, naming the field: the server posts nowhere else.
        other = Browser(f"http://127.0.0.1:{free_port()}/push/x")
        status, problem = server.call("POST", "/api/v1/push/subscriptions", other.subscription)
        assert status == 422 and "'endpoint'" in problem["detail"], problem
        bad = Browser(push_service.origin + "/push/bad")
        bad.subscription["keys"]["p256dh"] = b64url(b"\x04" + b"\x01" * 64)
        status, problem = server.call("POST", "/api/v1/push/subscriptions", bad.subscription)
        assert status == 422 and "keys.p256dh" in problem["detail"], problem

        checklist, item, due = add_reminder(server, "Water the plants")
        deadline = time.monotonic() + (due - datetime.datetime.now(datetime.timezone.utc)
                                       ).total_seconds() + 20
        assert wait_for(lambda: push_service.pushes("/push/phone"), deadline), server.log()
        assert wait_for(lambda: push_service.pushes("/gone/old-laptop"), time.monotonic() + 10)
        time.sleep(3)  # Long enough for a second push, were there one.
        pushes = push_service.pushes("/push/phone")
        assert len(pushes) == 1, pushes
        payload = phone.read(pushes[0], key["publicKey"])
        assert payload == {
            "type": "reminder",
            "itemID": item["id"],
            "checklistID": checklist["id"],
            "title": "Water the plants",
            "body": payload["body"],
            "dueDate": item["dueDate"],
            "url": f"/lists/{checklist['id']}",
            "revision": item["revision"],
        }
        assert payload["body"].startswith(checklist["name"])
        assert push_service.pushes("/bad") == []

        # The 410 removed that subscription: subscribing it again makes a new one (201).
        assert wait_for(lambda: "is gone (HTTP 410)" in server.log(), time.monotonic() + 10)
        status, _ = server.call("POST", "/api/v1/push/subscriptions", gone.subscription)
        assert status == 201
        status, _ = server.call("POST", "/api/v1/push/subscriptions", phone.subscription)
        assert status == 200

        # Unsubscribed, the phone hears no more.
        status, _ = server.call(
            "POST", "/api/v1/push/subscriptions/delete", {"endpoint": phone.endpoint})
        assert status == 204
        status, _ = server.call("POST", "/api/v1/push/subscriptions", phone.subscription)
        assert status == 201
    finally:
        server.stop()


def test_two_instances_on_postgresql_push_each_reminder_once(folder, push_service):
    if os.environ.get("CHECKLISTS_E2E_SKIP_POSTGRES"):
        pytest.skip("CHECKLISTS_E2E_SKIP_POSTGRES is set")
    database = Database("postgres", folder)
    servers = []
    try:
        servers = [Server(folder, database.location, push_service, name) for name in "AB"]
        keys = {server.call("GET", "/api/v1/push/key")[1]["publicKey"] for server in servers}
        assert len(keys) == 1, "the instances made different VAPID keys"
        phone = Browser(push_service.origin + "/push/phone")
        status, _ = servers[1].call("POST", "/api/v1/push/subscriptions", phone.subscription)
        assert status == 201
        _, item, due = add_reminder(servers[0], "Take out the bins")
        deadline = time.monotonic() + (due - datetime.datetime.now(datetime.timezone.utc)
                                       ).total_seconds() + 20
        assert wait_for(lambda: push_service.pushes("/push/phone"), deadline), (
            servers[0].log() + servers[1].log())
        time.sleep(5)  # Both instances check several times a second.
        pushes = push_service.pushes("/push/phone")
        assert len(pushes) == 1, pushes
        assert phone.read(pushes[0], keys.pop())["itemID"] == item["id"]
    finally:
        for server in servers:
            server.stop()
        database.close()
