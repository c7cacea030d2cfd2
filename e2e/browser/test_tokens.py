"""Command line & tokens in the browser: a signed-in person sees the command lines signed in as
them (`checklists login`) and their scripts' tokens (`checklists token create`), and revokes
one, say a lost laptop's, after confirming; from then on it is refused.

The tokens are made by the real command line: `checklists login <server>` run as a laptop would
(its own home folder, the password on standard input), and `checklists --db … token create`.
"""

import json
import os
import subprocess
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from accounts_helpers import (
    USERS, close_tokens_sheet, open_tokens_sheet, sign_in, token_rows, tokens_error, wait_tokens,
)
from helpers import click, element, tid, until

BACKUP = "backup script"


@pytest.fixture
def server(accounts_server):
    return accounts_server


class Laptop:
    """A command line with its own home folder, signed in to the server with `checklists login`."""

    def __init__(self, server, home):
        self.server = server
        self.home = home
        self.env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
        for name in ("CHECKLISTS_DB", "CHECKLISTS_USER"):
            self.env.pop(name, None)

    def run(self, *args: str, input: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.server.binary), *args], capture_output=True, text=True,
                              input=input, env=self.env, timeout=60)

    def login(self, user: str) -> None:
        result = self.run("login", self.server.url, "--user", user, input=USERS[user] + "\n")
        assert result.returncode == 0, result.stdout + result.stderr

    @property
    def saved(self) -> dict:
        """What `checklists login` kept: server, user, token, tokenName."""
        return json.loads((self.home / ".config" / "checklists" / "login.json").read_text())


def status_with_token(server, token: str, path: str = "/api/v1/checklists") -> int:
    """The status of a real GET to the API with `Authorization: Bearer <token>`."""
    request = urllib.request.Request(server.url + path, headers={
        "Authorization": f"Bearer {token}", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def login_command(driver) -> str:
    return element(driver, tid("login-command")).text


def test_revoke_a_lost_laptop(server, browser, tmp_path):
    backup = json.loads(server.cli("--user", "alice", "token", "create", BACKUP, "--json"))
    laptop = Laptop(server, tmp_path / "laptop")
    laptop.login("alice")
    laptop_name = laptop.saved["tokenName"]
    assert laptop_name.startswith("checklists on ")
    assert laptop.run("list", "add", "Packing").returncode == 0  # the laptop's command line is used
    bob_script = json.loads(server.cli("--user", "bob", "token", "create", "bob's script", "--json"))

    alice = browser("phone", path=None)
    sign_in(alice, "alice")
    open_tokens_sheet(alice)
    wait_tokens(alice, [BACKUP, laptop_name])
    rows = {name: (created, used) for name, created, used in token_rows(alice)}
    assert rows[BACKUP][0].startswith("Created ") and len(rows[BACKUP][0]) > len("Created ")
    assert rows[BACKUP][1] == "Never used"
    assert rows[laptop_name][1].startswith("Last used ")
    assert login_command(alice) == f"checklists login {server.url} --user alice"
    assert not alice.find_elements(By.CSS_SELECTOR, tid("tokens-empty") + ":not([hidden])")

    laptop_row = f'{tid("token-row", token_name=laptop_name)} {tid("token-revoke")}'
    # Revoking asks first; Cancel keeps the token.
    click(alice, laptop_row)
    assert element(alice, "#confirm-title").text == f"Revoke “{laptop_name}”?"
    click(alice, tid("confirm-cancel"))
    until(alice, lambda d: not d.find_element(By.CSS_SELECTOR, tid("confirm-dialog")).is_displayed())
    wait_tokens(alice, [BACKUP, laptop_name])
    assert status_with_token(server, laptop.saved["token"]) == 200

    click(alice, laptop_row)
    element(alice, tid("confirm-dialog"))
    click(alice, tid("confirm-ok"))
    wait_tokens(alice, [BACKUP])
    assert tokens_error(alice) == ""

    # The laptop is refused from now on, by the API and on its command line; the script is not.
    assert status_with_token(server, laptop.saved["token"]) == 401
    refused = laptop.run("lists")
    assert refused.returncode == 1
    assert "no longer accepts this command line's sign-in" in refused.stderr
    assert status_with_token(server, backup["token"]) == 200
    listed = json.loads(server.cli("--user", "alice", "token", "list", "--json"))["tokens"]
    assert [token["name"] for token in listed] == [BACKUP]

    # Opened again, the sheet shows what the server has.
    close_tokens_sheet(alice)
    open_tokens_sheet(alice)
    wait_tokens(alice, [BACKUP])

    # Bob sees his own token and never alice's.
    bob = browser("desktop", path=None)
    sign_in(bob, "bob")
    open_tokens_sheet(bob)
    wait_tokens(bob, ["bob's script"])
    assert login_command(bob) == f"checklists login {server.url} --user bob"
    assert status_with_token(server, bob_script["token"]) == 200

    # Alice's last token gone, the sheet says how to sign a command line in.
    click(alice, f'{tid("token-row", token_name=BACKUP)} {tid("token-revoke")}')
    element(alice, tid("confirm-dialog"))
    click(alice, tid("confirm-ok"))
    wait_tokens(alice, [])
    assert element(alice, tid("tokens-empty")).text == "No command line or script is signed in as you."
    assert login_command(alice) == f"checklists login {server.url} --user alice"
    assert status_with_token(server, backup["token"]) == 401
    assert status_with_token(server, bob_script["token"]) == 200
