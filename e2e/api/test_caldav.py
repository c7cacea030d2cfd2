"""CalDAV through a client nobody here wrote: the PyPI `caldav` library (docs/CALDAV.md).

A real `checklists serve` on a free port with accounts (alice, bob, carol, added with the CLI
before it starts, as an administrator would) is driven the way a reminders app drives it:
discovery from the root URL, the lists as calendars, VTODOs created, edited, completed and
deleted, sync tokens, shared lists with their roles, app passwords. Each step is checked
where a person would see it: in the JSON API the web app reads, or in what the CalDAV client
gets back. Changes made with the JSON API and the CLI must show in the client's next sync.
"""

from __future__ import annotations

import base64
import datetime
import http.client
import json
import os
import pathlib
import re
import signal
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid

import caldav
import pytest
from caldav.lib import error as caldav_error

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("CHECKLISTS_BINARY", ROOT / ".build" / "debug" / "checklists"))
USERS = {"alice": "alice-password", "bob": "bob-password", "carol": "carol-password"}
SYNC_TOKEN = re.compile(r"^http://checklists\.invalid/sync/\d+$")


# MARK: - The server


class Server:
    """`checklists serve` on 127.0.0.1 with the accounts of USERS, and the JSON API and CLI
    beside it on the same database."""

    def __init__(self, folder: pathlib.Path):
        if not BINARY.is_file():
            pytest.fail(f"The checklists binary is missing at {BINARY}: run `swift build` first "
                        "(or set CHECKLISTS_BINARY).", pytrace=False)
        self.db = folder / "checklists.sqlite"
        self.tokens: dict[str, str] = {}
        self.output: list[str] = []
        for name, password in USERS.items():
            self.cli("user", "add", name, input=password + "\n")
        self.process = subprocess.Popen(
            [str(BINARY), "--db", str(self.db), "serve", "--port", "0"],
            env={**os.environ, "CHECKLISTS_CURRENCY": "EUR"},
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.url = ""
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                self.output.append(line.rstrip("\n"))
                found = re.search(r"Open (http://\S+?)/? in a browser", line)
                if found and not self.url:
                    self.url = found.group(1).rstrip("/")
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(30) or not self.url:
            self.process.kill()
            raise AssertionError("checklists serve did not print its URL:\n" + self.log())

    def log(self) -> str:
        return "\n".join(self.output)

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("checklists serve did not stop within 10 s of SIGTERM")
        assert code == 0, f"checklists serve exited {code}:\n{self.log()[-4000:]}"

    def cli(self, *args: str, input: str | None = None) -> str:
        result = subprocess.run([str(BINARY), "--db", str(self.db), *args], capture_output=True,
                                text=True, input=input, timeout=60)
        assert result.returncode == 0, (
            f"checklists {' '.join(args)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
        return result.stdout

    def token(self, user: str) -> str:
        """An API token of `user`, made with `checklists token create` (an app password)."""
        if user not in self.tokens:
            made = json.loads(self.cli("--user", user, "token", "create", "caldav-e2e", "--json"))
            self.tokens[user] = made["token"]
        return self.tokens[user]

    def api(self, method: str, path: str, body=None, *, user: str = "alice",
            headers: dict | None = None) -> tuple[int, object]:
        """The JSON API as `user` (their API token); never raises for an HTTP status."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token(user)}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as failure:
            raw = failure.read()
            try:
                return failure.code, json.loads(raw) if raw else None
            except ValueError:
                return failure.code, raw

    def ok(self, method: str, path: str, body=None, *, user: str = "alice") -> dict:
        status, answer = self.api(method, path, body, user=user)
        assert 200 <= status < 300, f"{method} {path} as {user}: {status} {answer}"
        return answer

    def raw(self, method: str, path: str, *, headers: dict | None = None,
            body: bytes | None = None) -> http.client.HTTPResponse:
        """One request, redirects not followed; the response already read into `.text`."""
        parts = urllib.parse.urlsplit(self.url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        response.text = response.read().decode("utf-8", "replace")
        connection.close()
        return response

    def client(self, user: str, password: str | None = None) -> caldav.DAVClient:
        """A CalDAV client given only the server's root URL, as a person types it."""
        return caldav.DAVClient(url=self.url + "/", username=user,
                                password=USERS[user] if password is None else password)

    # The JSON API's view of things, as the web app shows them.

    def new_checklist(self, name: str, user: str = "alice") -> str:
        """A new checklist's id, lowercase as CalDAV's URLs have it."""
        return self.ok("POST", "/api/v1/checklists", {"name": name}, user=user)["id"].lower()

    def new_shopping_list(self, name: str, user: str = "alice") -> str:
        return self.ok("POST", "/api/v1/shopping-lists", {"name": name}, user=user)["id"].lower()

    def list_names(self, user: str = "alice") -> set[str]:
        """The names of the user's own checklists and shopping lists, as the app lists them."""
        checklists = self.ok("GET", "/api/v1/checklists", user=user)["checklists"]
        shopping = self.ok("GET", "/api/v1/shopping-lists", user=user)["lists"]
        return {entry["name"] for entry in checklists + shopping}

    def items(self, list_id: str, user: str = "alice") -> dict[str, dict]:
        """A checklist's items by text."""
        answer = self.ok("GET", f"/api/v1/checklists/{list_id}/items", user=user)
        return {item["text"]: item for item in answer["items"]}

    def share(self, list_id: str, user: str, role: str) -> None:
        self.ok("PUT", f"/api/v1/shares/{list_id}/{user}", {"role": role})


@pytest.fixture
def server(tmp_path):
    srv = Server(tmp_path)
    yield srv
    srv.stop()


def calendar_named(principal, name: str):
    found = [c for c in principal.calendars() if c.get_display_name() == name]
    assert len(found) == 1, f"{len(found)} calendars named {name!r}: " + ", ".join(
        repr(c.get_display_name()) for c in principal.calendars())
    return found[0]


def summaries(calendar, *, include_completed: bool = True) -> dict[str, object]:
    """The calendar's todos by SUMMARY, as a reminders app lists them."""
    todos = calendar.todos(include_completed=include_completed)
    return {str(todo.icalendar_component["SUMMARY"]): todo for todo in todos}


def is_completed(todo) -> bool:
    component = todo.icalendar_component
    return str(component.get("STATUS", "")).upper() == "COMPLETED" or "COMPLETED" in component


# MARK: - Discovery and collections


def test_discovery_from_the_root_url_lists_every_list_by_name(server):
    packing = server.new_checklist("Packing")
    chores = server.new_checklist("Chores")
    shopping = server.new_shopping_list("Weekly shop")

    # What a client that knows only the host name tries first.
    well_known = server.raw("PROPFIND", "/.well-known/caldav", headers={"Depth": "0"})
    assert well_known.status == 301, (well_known.status, well_known.text)
    assert urllib.parse.urlsplit(well_known.getheader("Location")).path == "/dav/"
    options = server.raw("OPTIONS", "/dav/", headers=basic("alice"))
    assert "calendar-access" in [word.strip() for word in (options.getheader("DAV") or "").split(",")]

    with server.client("alice") as client:
        principal = client.principal()
        assert urllib.parse.urlsplit(str(principal.url)).path == "/dav/principals/alice/"
        calendars = principal.calendars()
        by_name = {c.get_display_name(): c for c in calendars}
        # Every list the app shows her (each account also starts with a shopping list), once.
        assert len(calendars) == len(by_name)
        assert set(by_name) == server.list_names("alice")
        assert {"Packing", "Chores", "Weekly shop"} <= set(by_name)
        for name, list_id in (("Packing", packing), ("Chores", chores), ("Weekly shop", shopping)):
            path = urllib.parse.urlsplit(str(by_name[name].url)).path
            assert path == f"/dav/calendars/alice/{list_id}/", path
            assert "VTODO" in by_name[name].get_supported_components()

        # A list made by the client is a checklist the web app shows, renamed there too.
        made = principal.make_calendar(name="Camping", supported_calendar_component_set=["VTODO"])
        assert "Camping" in {c["name"] for c in server.ok("GET", "/api/v1/checklists")["checklists"]}
        made.set_properties([caldav.elements.dav.DisplayName("Camping trip")])
        assert "Camping trip" in {c["name"] for c in server.ok("GET", "/api/v1/checklists")["checklists"]}
        made.delete()
        assert {c["name"] for c in server.ok("GET", "/api/v1/checklists")["checklists"]} == {
            "Packing", "Chores"}
        assert {c.get_display_name() for c in principal.calendars()} == server.list_names("alice")


def basic(user: str, password: str | None = None) -> dict:
    """An Authorization header for HTTP Basic, for the requests made without the client."""
    secret = f"{user}:{USERS[user] if password is None else password}".encode()
    return {"Authorization": "Basic " + base64.b64encode(secret).decode()}


# MARK: - Todos


def test_a_todo_is_created_edited_completed_and_deleted(server):
    groceries = server.new_checklist("Groceries")
    with server.client("alice") as client:
        calendar = calendar_named(client.principal(), "Groceries")
        due = datetime.datetime(2031, 5, 4, 17, 30, tzinfo=datetime.timezone.utc)
        todo = calendar.add_todo(summary="Buy milk", due=due, description="The oat one",
                                 priority=1)
        item = server.items(groceries)["Buy milk"]
        assert item["checked"] is False
        assert item["notes"] == "The oat one"
        assert item["dueDate"] == "2031-05-04T17:30:00Z"
        assert item["priority"] == "high"

        # Read back, the client sees what it wrote, under a strong ETag.
        again = calendar.todo_by_uid(str(todo.icalendar_component["UID"]))
        assert str(again.icalendar_component["SUMMARY"]) == "Buy milk"
        assert str(again.icalendar_component["DESCRIPTION"]) == "The oat one"

        again.icalendar_component["SUMMARY"] = "Buy oat milk"
        again.save()
        assert set(server.items(groceries)) == {"Buy oat milk"}

        again.complete()
        assert server.items(groceries)["Buy oat milk"]["checked"] is True
        assert "Buy oat milk" not in summaries(calendar, include_completed=False)
        assert is_completed(summaries(calendar)["Buy oat milk"])

        again.uncomplete()
        assert server.items(groceries)["Buy oat milk"]["checked"] is False
        assert "Buy oat milk" in summaries(calendar, include_completed=False)

        again.delete()
        assert server.items(groceries) == {}
        assert summaries(calendar) == {}


def test_items_made_in_the_app_show_in_the_client_and_client_changes_show_in_the_app(server):
    chores = server.new_checklist("Chores")
    made = server.ok("POST", f"/api/v1/checklists/{chores}/items",
                     {"text": "Water the plants", "notes": "Not the cactus",
                      "dueDate": "2031-06-01T08:00:00Z"})
    with server.client("alice") as client:
        calendar = calendar_named(client.principal(), "Chores")
        todo = summaries(calendar)["Water the plants"]
        component = todo.icalendar_component
        assert str(component["UID"]) == made["id"].lower()
        assert str(component["DESCRIPTION"]) == "Not the cactus"
        assert component["DUE"].dt == datetime.datetime(2031, 6, 1, 8, 0, tzinfo=datetime.timezone.utc)
        assert urllib.parse.urlsplit(str(todo.url)).path == (
            f"/dav/calendars/alice/{chores}/{made['id'].lower()}.ics")
        todo.complete()
    assert server.items(chores)["Water the plants"]["checked"] is True


REMINDERS_TODO = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Apple Inc.//iOS 18.1//EN
BEGIN:VTODO
UID:{uid}
DTSTAMP:20261201T090000Z
CREATED:20261201T090000Z
SUMMARY:Renew the passport
DUE:20310101T100000Z
X-APPLE-SORT-ORDER:742281600
GEO:52.520008;13.404954
X-EXAMPLE-CLIENT-ONLY;X-PARAM=kept:Only this client knows what this is
BEGIN:VALARM
ACTION:DISPLAY
DESCRIPTION:Reminder
TRIGGER;VALUE=DATE-TIME:20310101T090000Z
END:VALARM
BEGIN:VALARM
ACTION:AUDIO
TRIGGER;VALUE=DATE-TIME:20310101T091500Z
X-WR-ALARMUID:second-alarm
END:VALARM
END:VTODO
END:VCALENDAR
"""


def test_what_a_client_wrote_survives_an_edit_in_the_app(server):
    errands = server.new_checklist("Errands")
    uid = str(uuid.uuid4()).upper()
    with server.client("alice") as client:
        calendar = calendar_named(client.principal(), "Errands")
        calendar.add_todo(ical=REMINDERS_TODO.format(uid=uid))
        item = server.items(errands)["Renew the passport"]
        path = urllib.parse.urlsplit(str(calendar.todo_by_uid(uid).url)).path
        etag = server.raw("GET", path, headers=basic("alice")).getheader("ETag")
        assert etag and etag.startswith('"'), f"not a strong ETag: {etag!r}"

        status, _ = server.api("PATCH", f"/api/v1/items/{item['id']}",
                               {"text": "Renew both passports", "notes": "Photos first"})
        assert status == 200

        after = calendar.todo_by_uid(uid)
        component = after.icalendar_component
        assert str(component["SUMMARY"]) == "Renew both passports"
        assert str(component["DESCRIPTION"]) == "Photos first"
        # What the app does not model is given back as the client wrote it.
        assert "X-EXAMPLE-CLIENT-ONLY;X-PARAM=kept:Only this client knows what this is" in after.data
        assert "GEO:52.520008;13.404954" in after.data
        assert "X-WR-ALARMUID:second-alarm" in after.data
        assert len(component.subcomponents) == 2, "an alarm was lost"
        assert server.raw("GET", path, headers=basic("alice")).getheader("ETag") != etag, (
            "the ETag did not change")


def test_a_shopping_line_is_a_todo_whose_completion_is_in_the_cart(server):
    shop = server.new_shopping_list("Weekly shop")
    server.ok("POST", f"/api/v1/shopping-lists/{shop}/entries", {"name": "Apples", "quantity": 3})
    with server.client("alice") as client:
        calendar = calendar_named(client.principal(), "Weekly shop")
        todos = summaries(calendar)
        assert len(todos) == 1
        (summary, apples), = todos.items()
        assert summary.startswith("Apples"), summary
        assert "3" in summary, f"the quantity is not in the summary {summary!r}"
        apples.complete()
        lines = shopping_lines(server, shop)
        assert [(line["item"]["name"], line["quantity"], line["inCart"]) for line in lines] == [
            ("Apples", 3, True)]
        # A line a client adds is on the list, by its name, not yet in the cart.
        calendar.add_todo(summary="Bread")
        lines = shopping_lines(server, shop)
        assert sorted((line["item"]["name"], line["inCart"]) for line in lines) == [
            ("Apples", True), ("Bread", False)]


def shopping_lines(server: Server, list_id: str) -> list[dict]:
    """A shopping list's lines as the app shows them, wherever its sections put them."""
    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("inCart"), bool) and "item" in value:
                yield value
            for child in value.values():
                yield from walk(child)
        elif isinstance(value, list):
            for child in value:
                yield from walk(child)
    return list(walk(server.ok("GET", f"/api/v1/shopping-lists/{list_id}")))


# MARK: - Sync


def test_sync_tokens_bring_changes_from_the_app_the_cli_and_the_client(server):
    errands = server.new_checklist("Errands")
    server.ok("POST", f"/api/v1/checklists/{errands}/items", {"text": "Post the letter"})
    server.ok("POST", f"/api/v1/checklists/{errands}/items", {"text": "Return the books"})
    with server.client("alice") as client:
        calendar = calendar_named(client.principal(), "Errands")
        synced = calendar.get_objects_by_sync_token(load_objects=True, disable_fallback=True)
        assert SYNC_TOKEN.match(str(synced.sync_token)), synced.sync_token
        assert sorted(str(o.icalendar_component["SUMMARY"]) for o in synced) == [
            "Post the letter", "Return the books"]

        # Nothing changed: nothing comes.
        updated, deleted = synced.sync()
        assert (list(updated), list(deleted)) == ([], [])

        # The web app adds one and the CLI checks another: both come in the next sync.
        server.ok("POST", f"/api/v1/checklists/{errands}/items", {"text": "Buy stamps"})
        server.cli("--user", "alice", "check", "Errands", "Post the letter")
        updated, deleted = synced.sync()
        assert sorted(str(o.icalendar_component["SUMMARY"]) for o in updated) == [
            "Buy stamps", "Post the letter"]
        assert list(deleted) == []
        by_summary = {str(o.icalendar_component["SUMMARY"]): o for o in synced}
        assert is_completed(by_summary["Post the letter"])

        # A deletion in the app comes as a deletion.
        books = server.items(errands)["Return the books"]
        status, _ = server.api("DELETE", f"/api/v1/items/{books['id']}")
        assert status == 204
        updated, deleted = synced.sync()
        assert list(updated) == []
        assert [urllib.parse.urlsplit(str(o.url)).path for o in deleted] == [
            f"/dav/calendars/alice/{errands}/{books['id'].lower()}.ics"]
        assert sorted(str(o.icalendar_component["SUMMARY"]) for o in synced) == [
            "Buy stamps", "Post the letter"]

        # A second client's change shows in the first one's sync.
        with server.client("alice") as phone:
            other = calendar_named(phone.principal(), "Errands")
            other.add_todo(summary="Pick up the parcel")
        updated, _ = synced.sync()
        assert [str(o.icalendar_component["SUMMARY"]) for o in updated] == ["Pick up the parcel"]

        # And the web app sees it.
        assert "Pick up the parcel" in server.items(errands)


# MARK: - Sharing


def test_a_shared_list_is_in_the_sharees_home_with_the_rights_of_their_role(server):
    chores = server.new_checklist("Chores")
    made = server.ok("POST", f"/api/v1/checklists/{chores}/items", {"text": "Take out the bins"})
    server.share(chores, "bob", "viewer")
    server.share(chores, "carol", "checker")

    with server.client("bob") as bob:
        calendar = calendar_named(bob.principal(), "Chores")
        assert urllib.parse.urlsplit(str(calendar.url)).path == f"/dav/calendars/bob/{chores}/"
        bins = summaries(calendar)["Take out the bins"]
        # A viewer reads, but cannot add, change, complete or delete.
        with pytest.raises(caldav_error.DAVError):
            calendar.add_todo(summary="Walk the dog")
        with pytest.raises(caldav_error.DAVError):
            bins.complete()
        bins = summaries(calendar)["Take out the bins"]
        with pytest.raises(caldav_error.DAVError):
            bins.delete()
    assert set(server.items(chores)) == {"Take out the bins"}
    assert server.items(chores)["Take out the bins"]["checked"] is False

    with server.client("carol") as carol:
        calendar = calendar_named(carol.principal(), "Chores")
        bins = summaries(calendar)["Take out the bins"]
        # A checker may complete it, and nothing else.
        bins.complete()
        assert server.items(chores)["Take out the bins"]["checked"] is True
        bins = summaries(calendar)["Take out the bins"]
        bins.icalendar_component["SUMMARY"] = "Take out the recycling"
        with pytest.raises(caldav_error.DAVError):
            bins.save()
        with pytest.raises(caldav_error.DAVError):
            calendar.add_todo(summary="Walk the dog")
    assert set(server.items(chores)) == {"Take out the bins"}
    assert server.items(chores)["Take out the bins"]["id"] == made["id"]

    # Unshared, the list is gone from bob's home.
    status, _ = server.api("DELETE", f"/api/v1/shares/{chores}/bob")
    assert status == 204
    with server.client("bob") as bob:
        assert "Chores" not in {c.get_display_name() for c in bob.principal().calendars()}


# MARK: - Signing in


def test_an_app_password_signs_in_and_a_wrong_password_does_not(server):
    server.new_checklist("Packing")
    token = server.token("alice")
    with server.client("alice", password=token) as client:
        names = {c.get_display_name() for c in client.principal().calendars()}
        assert "Packing" in names and names == server.list_names("alice")

    with server.client("alice", password="not-her-password") as client:
        with pytest.raises(caldav_error.AuthorizationError):
            client.principal().calendars()
    # Another user's token is not alice's password.
    with server.client("alice", password=server.token("bob")) as client:
        with pytest.raises(caldav_error.AuthorizationError):
            client.principal().calendars()

    refused = server.raw("PROPFIND", "/dav/calendars/alice/", headers={"Depth": "1"})
    assert refused.status == 401
    challenge = refused.getheader("WWW-Authenticate") or ""
    assert challenge.lower().startswith("basic ") and 'realm="Checklists"' in challenge, challenge
    # No cookie is set, so a browser's session is never a CalDAV credential.
    assert refused.getheader("Set-Cookie") is None


def test_one_user_cannot_reach_anothers_lists(server):
    private = server.new_checklist("Private")
    with server.client("bob") as bob:
        assert {c.get_display_name() for c in bob.principal().calendars()} == server.list_names("bob")
        assert "Private" not in server.list_names("bob")
        calendar = bob.calendar(url=f"{server.url}/dav/calendars/alice/{private}/")
        with pytest.raises(caldav_error.DAVError):
            calendar.add_todo(summary=f"Snooping {uuid.uuid4()}")
    assert server.items(private) == {}
