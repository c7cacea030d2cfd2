"""Issue 10: the event stream no longer sends a sharee the owner's catalogue feed. A change of
the owner's catalogue item that is on a shared list reaches the sharee as a change of that
list, and their open list shows it live."""

import pytest

from accounts_helpers import sign_in
from shopping_helpers import wait_lines


@pytest.fixture
def server(accounts_server):
    return accounts_server


def test_a_sharee_sees_the_owners_rename_of_an_item_on_the_shared_list(server, browser):
    server.cli("--user", "alice", "shop", "add", "Milk")
    lists = server.api("GET", "/api/v1/shopping-lists", user="alice").body["lists"]
    alice_list = next(entry["id"] for entry in lists if "owner" not in entry)
    assert server.api("PUT", f"/api/v1/shares/{alice_list}/bob", {"role": "checker"}, user="alice").status == 200
    lines = server.api("GET", f"/api/v1/shopping-lists/{alice_list}", user="alice").body["lines"]
    milk = next(line["item"]["id"] for line in lines if line["item"]["name"] == "Milk")

    bob = browser("desktop", path=None)
    sign_in(bob, "bob", next_path=f"/shopping/lists/{alice_list}", screen="shoppingList")
    wait_lines(bob, [("Milk", False, "1")])
    assert server.api("PATCH", f"/api/v1/catalogue/{milk}", {"name": "Oat milk"}, user="alice").status == 200
    wait_lines(bob, [("Oat milk", False, "1")], "bob's open list shows alice's rename")
