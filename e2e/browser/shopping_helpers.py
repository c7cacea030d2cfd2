"""What the Shopping tab's browser tests do with the page: reading lines, rows and totals,
watching for live changes, and seeding catalogues (through the API and the iPhone `items` file).

Like helpers.py, rows are read with one script each and every wait is an explicit wait.
"""

from __future__ import annotations

import plistlib
import uuid

import pytest

from helpers import click, tid, type_text, until, until_equal, wait_ready

# MARK: - Reading the Shopping List screen

LINES = """
return [...document.querySelectorAll('[data-testid=line-row]')].map(li => ({
  id: li.dataset.itemId,
  name: li.querySelector('[data-testid=line-name]').textContent,
  inCart: li.dataset.inCart === 'true',
  quantity: li.querySelector('[data-testid=qty-input]').value,
  detail: li.querySelector('[data-testid=line-detail]').textContent,
  cost: li.querySelector('[data-testid=line-cost]').firstChild?.textContent ?? '',
  struck: getComputedStyle(li.querySelector('[data-testid=line-name]')).textDecorationLine,
}));
"""

TOTALS = """
const text = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? null;
return { cart: text('cart-total'), total: text('total'), note: text('unpriced-note'),
         busy: document.querySelector('[data-testid=shop-summary]')?.getAttribute('aria-busy') };
"""


def lines(driver) -> list[dict]:
    return driver.execute_script(LINES)


def line_view(driver) -> list[tuple[str, bool, str]]:
    """The lines as a shopper reads them: (name, in the cart, quantity), top to bottom."""
    return [(line["name"], line["inCart"], line["quantity"]) for line in lines(driver)]


def wait_lines(driver, expected: list[tuple[str, bool, str]], message: str = "Shopping List lines") -> None:
    until_equal(driver, line_view, expected, message)


def totals(driver) -> dict:
    return driver.execute_script(TOTALS)


def wait_totals(driver, cart: str, total: str, note: str) -> None:
    """Waits until the summary shows these texts and no change is still on its way."""
    until_equal(driver, lambda d: {k: v for k, v in totals(d).items()},
                {"cart": cart, "total": total, "note": note, "busy": "false"}, "totals")


def line_selector(driver, name: str, testid: str) -> str:
    line_id = until(driver, lambda d: next((l["id"] for l in lines(d) if l["name"] == name), None),
                    f"no line {name!r}")
    return f'{tid("line-row", item_id=line_id)} {tid(testid)}'


def toggle_line(driver, name: str) -> None:
    before = next(l["inCart"] for l in lines(driver) if l["name"] == name)
    click(driver, line_selector(driver, name, "line-toggle"))
    until(driver, lambda d: next(l["inCart"] for l in lines(d) if l["name"] == name) != before,
          f"{name!r} did not go {'out of' if before else 'into'} the cart")


def open_shopping_list(driver, list_id: str) -> None:
    driver.get(f"{driver.base_url}/shopping/lists/{list_id}")
    wait_ready(driver, "shoppingList", f"/shopping/lists/{list_id}")


# MARK: - Reading the Items screen

CATALOGUE_ROWS = """
return [...document.querySelectorAll('[data-testid=catalogue-row]')].map(row => ({
  id: row.dataset.itemId,
  name: row.dataset.itemName,
  onList: row.dataset.onList === 'true',
  price: row.querySelector('[data-testid=catalogue-price]').textContent,
  detail: row.querySelector('[data-testid=catalogue-detail]').textContent,
}));
"""


def catalogue_rows(driver) -> list[dict]:
    """The rows of the Items screen that are in the DOM (those near the viewport)."""
    return driver.execute_script(CATALOGUE_ROWS)


def catalogue_row(driver, name: str) -> dict:
    return until(driver, lambda d: next((r for r in catalogue_rows(d) if r["name"] == name), None),
                 f"no Items row {name!r}")


def catalogue_selector(driver, name: str, testid: str) -> str:
    return f'{tid("catalogue-row", item_id=catalogue_row(driver, name)["id"])} {tid(testid)}'


def tap_catalogue_item(driver, name: str) -> None:
    """Taps a row of the Items screen and waits for its green check to flip."""
    before = catalogue_row(driver, name)["onList"]
    click(driver, catalogue_selector(driver, name, "catalogue-toggle"))
    until(driver, lambda d: catalogue_row(d, name)["onList"] != before, f"{name!r} did not flip on the Items screen")


def search_catalogue(driver, text: str) -> None:
    """Replaces the Items search with `text`, typed key by key (each key filters)."""
    type_text(driver, tid("catalogue-search"), text)


# MARK: - Seeding


def items_file(items: list[tuple[str, float, bool]]) -> bytes:
    """The Shopping List iPhone app's `items` file (a keyed archive) for (name, price, on list)."""
    objects: list = ["$null", None]  # 1: the root array, filled in below
    item_class = len(objects)
    objects.append({"$classes": ["Shopping_List.Item", "NSObject"], "$classname": "Shopping_List.Item"})
    refs = []
    for number, (name, price, on_list) in enumerate(items):
        base = len(objects)
        objects.append({"$class": plistlib.UID(item_class), "name": plistlib.UID(base + 1),
                        "uuid": plistlib.UID(base + 2), "price": float(price), "inShoppingList": on_list})
        objects.append(name)
        objects.append(str(uuid.UUID(int=number + 1)).upper())
        refs.append(plistlib.UID(base))
    array_class = len(objects)
    objects.append({"$classes": ["NSArray", "NSObject"], "$classname": "NSArray"})
    objects[1] = {"$class": plistlib.UID(array_class), "NS.objects": refs}
    archive = {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": plistlib.UID(1)},
               "$objects": objects}
    return plistlib.dumps(archive, fmt=plistlib.FMT_BINARY)


WORDS = [
    "Apple", "Apricot", "Bagel", "Banana", "Basil", "Bean", "Biscuit", "Butter", "Cabbage", "Carrot",
    "Cheese", "Cherry", "Chocolate", "Coffee", "Crème", "Date", "Dill", "Egg", "Endive", "Fennel",
    "Fig", "Flour", "Garlic", "Ginger", "Grape", "Ham", "Honey", "Ice cream", "Jam", "Juice",
    "Kale", "Kiwi", "Leek", "Lemon", "Lime", "Mango", "Melon", "Milk", "Mint", "Noodle",
    "Nutmeg", "Oat", "Olive", "Onion", "Orange", "Papaya", "Pasta", "Pear", "Pepper", "Plum",
    "Quince", "Radish", "Rice", "Rye", "Salt", "Soap", "Spinach", "Sugar", "Tea", "Tofu",
    "Tomato", "Udon", "Vanilla", "Vinegar", "Walnut", "Wasabi", "Yam", "Yoghurt", "Zucchini", "Éclair",
]


def big_catalogue(count: int) -> list[tuple[str, float, bool]]:
    """`count` distinct items with prices, spread over every letter: "Apple 00001", "Apricot 00002"…"""
    return [(f"{WORDS[n % len(WORDS)]} {n:05d}", ((n * 37) % 2000 + 1) / 100, False) for n in range(1, count + 1)]


TUTORIAL_ITEMS = [("Pear", "62.50"), ("Notepad", "2.53"), ("Pencil", "0.35"), ("Bread", "3.12"), ("Mango", "1.25")]


def seed_tutorial_items(server, user: str | None = None) -> dict[str, str]:
    """Puts the iPhone app's five tutorial items (Pear at €62.50, Notepad, Pencil, Bread, Mango)
    in the catalogue, without categories, as a new catalogue had them before it started empty;
    returns their ids by name. Call it before a browser opens the app."""
    ids = {}
    for name, price in TUTORIAL_ITEMS:
        response = server.api("POST", "/api/v1/catalogue", {"name": name, "price": price, "category": None}, user=user)
        assert response.status in (200, 201), response.body
        ids[name] = response.body["id"]
    return ids


def import_items(server, items: list[tuple[str, float, bool]], list_id: str | None = None) -> dict:
    path = "/api/v1/catalogue/import" + (f"?list={list_id}" if list_id else "")
    response = server.api("POST", path, data=items_file(items), content_type="application/octet-stream")
    assert response.status == 200, response.body
    return response.body


def create_list(server, name: str) -> str:
    response = server.api("POST", "/api/v1/shopping-lists", {"name": name})
    assert response.status == 201, response.body
    return response.body["id"]


def catalogue_ids(server) -> dict[str, str]:
    return {item["name"]: item["id"] for item in server.api("GET", "/api/v1/catalogue").body["items"]}


def shopping_list_id(server, name: str) -> str:
    lists = server.api("GET", "/api/v1/shopping-lists").body["lists"]
    return next(entry["id"] for entry in lists if entry["name"] == name)


# MARK: - Offline and the add box

PASTE = """
const [selector, text] = arguments;
const input = document.querySelector(selector);
input.focus();
const data = new DataTransfer();
data.setData('text/plain', text);
input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
"""


def paste(driver, selector: str, text: str) -> None:
    """Pastes `text` into a field as a paste from the clipboard would (a paste event with the text)."""
    driver.execute_script(PASTE, selector, text)


def set_offline(driver, offline: bool) -> None:
    """Switches the browser's network off or on (DevTools' network conditions), as a basement does."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
    })


PENDING = """
return [...document.querySelectorAll(arguments[0])].filter(r => r.dataset.pending === 'true')
  .map(r => r.dataset.itemName ?? r.dataset.listName)
  .filter(n => n !== undefined).sort();
"""


def pending_rows(driver, selector: str) -> list[str]:
    """The names of the rows marked as waiting to be sent (data-pending and a pending-mark)."""
    names = driver.execute_script(PENDING, selector)
    marks = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].filter(r => r.dataset.pending === 'true')"
        ".every(r => r.querySelector('[data-testid=pending-mark][aria-label=\"Waiting to send\"]'))", selector)
    assert marks, f"a waiting row in {selector} has no pending-mark"
    return names


def server_lines(server, list_id: str) -> list[tuple[str, bool, int]]:
    """A list's lines as the server has them: (name, in the cart, quantity), in shopping order."""
    body = server.api("GET", f"/api/v1/shopping-lists/{list_id}").body
    return [(l["item"]["name"], l["inCart"], l["quantity"]) for l in body["lines"]]


