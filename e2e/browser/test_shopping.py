"""The Shopping tab: a whole shopping trip on two browsers at once, Edit Item's errors, the
list picker, the tab bar's URLs with Back, Forward and reload, the add box (focus, pasted lines),
and a trip in a basement with no signal."""


from selenium.webdriver.common.keys import Keys

from helpers import (
    click, element, figure, goto, path, press, seen, set_dark, tid, title, type_text, until, until_equal,
    until_js, wait_ready, watch,
)
from shopping_helpers import (
    catalogue_ids, catalogue_row, catalogue_selector, create_list, line_selector, line_view, lines,
    open_shopping_list, paste, pending_rows, search_catalogue, seed_tutorial_items, server_lines, set_offline,
    shopping_list_id, tap_catalogue_item, toggle_line, wait_lines, wait_totals,
)

IN_CART = """return document.querySelector('[data-testid=line-row][data-item-name="{name}"]')?.dataset.inCart === 'true'"""
HAS_LINE = """return !!document.querySelector('[data-testid=line-row][data-item-name="{name}"]')"""



def click_at(driver, selector: str) -> int:
    """Clicks with script and returns when (Date.now()), for latencies."""
    return driver.execute_script(
        "const t = Date.now(); document.querySelector(arguments[0]).click(); return t", selector)


def add_by_name(driver, text: str) -> None:
    """Types a name in the add field and presses Enter."""
    type_text(driver, tid("add-line-input"), text)
    element(driver, tid("add-line-input")).send_keys(Keys.ENTER)


def test_a_shopping_trip_on_two_phones(server, browser):
    seed_tutorial_items(server)
    weekly = create_list(server, "Weekly")
    planner = browser("phone", path=None)
    open_shopping_list(planner, weekly)
    assert title(planner) == "Weekly"
    shopper = browser("desktop", path=None)
    open_shopping_list(shopper, weekly)
    until(shopper, lambda d: d.find_element("css selector", tid("empty-state")).is_displayed())
    latencies = {}

    # Plan from the catalogue: tap items on; the other phone sees them arrive.
    click(planner, tid("segment-items"))
    wait_ready(planner, "catalogue", "/shopping/items")
    assert "“Weekly”" in element(planner, tid("catalogue-hint")).text
    watch(shopper, "bread on", HAS_LINE.format(name="Bread"))
    tapped = click_at(planner, catalogue_selector(planner, "Bread", "catalogue-toggle"))
    latencies["put on the list from Items, phone to phone"] = seen(shopper, "bread on") - tapped
    until(planner, lambda d: catalogue_row(d, "Bread")["onList"])
    for name in ("Mango", "Pencil"):
        tap_catalogue_item(planner, name)
    # A tap takes an item off again, and on once more.
    tap_catalogue_item(planner, "Pencil")
    tap_catalogue_item(planner, "Pencil")
    wait_lines(shopper, [("Bread", False, "1"), ("Mango", False, "1"), ("Pencil", False, "1")])

    # Add by name: "Milk" is new; "milk" again finds it (no second Milk), and so does "MILK ".
    # The new Milk takes the grocery table's category, Dairy, and leads the uncategorised rest.
    click(planner, tid("segment-list"))
    wait_ready(planner, "shoppingList", f"/shopping/lists/{weekly}")
    add_by_name(planner, "Milk")
    wait_lines(planner, [("Milk", False, "1"), ("Bread", False, "1"), ("Mango", False, "1"), ("Pencil", False, "1")])
    add_by_name(planner, "milk")
    until_js(planner, "return [...document.querySelectorAll('[data-testid=toast]')]"
                      ".some(t => t.textContent.includes('“Milk” is already on the list'))",
             message="no 'already on the list' toast")
    # Typing offers the catalogue's Milk; Enter on the suggestion adds nothing new either.
    type_text(planner, tid("add-line-input"), "MIL")
    until_equal(planner, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-testid=suggestion]')].map(s => s.dataset.itemName)"),
        ["Milk"], "suggestions for MIL")
    element(planner, tid("add-line-input")).send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    until_equal(planner, lambda _: [item for item in catalogue_ids(server) if item.lower() == "milk"], ["Milk"],
                "one Milk in the catalogue on the server")
    assert [name for name, _, _ in line_view(planner)].count("Milk") == 1

    # A quantity: typed, and with the stepper.
    quantity = line_selector(planner, "Mango", "qty-input")
    type_text(planner, quantity, "3")
    element(planner, quantity).send_keys(Keys.ENTER)
    click(planner, line_selector(planner, "Mango", "qty-plus"))
    expected = [("Milk", False, "1"), ("Bread", False, "1"), ("Mango", False, "4"), ("Pencil", False, "1")]
    wait_lines(planner, expected)
    wait_lines(shopper, expected)
    mango = next(line for line in lines(shopper) if line["name"] == "Mango")
    assert mango["detail"] == "4 × €1.25" and mango["cost"] == "€5.00"
    # 3.12 + 4 × 1.25 + 0.35; Milk has no price.
    for driver in (planner, shopper):
        wait_totals(driver, cart="€0.00", total="€8.47", note="1 without a price")

    # In the shop: both check items off and see each other's checks.
    watch(planner, "bread in cart", IN_CART.format(name="Bread"))
    clicked = click_at(shopper, line_selector(shopper, "Bread", "line-toggle"))
    latencies["check, desktop to phone"] = seen(planner, "bread in cart") - clicked
    watch(shopper, "mango in cart", IN_CART.format(name="Mango"))
    clicked = click_at(planner, line_selector(planner, "Mango", "line-toggle"))
    latencies["check, phone to desktop"] = seen(shopper, "mango in cart") - clicked
    # Checked lines move down and are struck through; the totals follow, to the cent.
    expected = [("Milk", False, "1"), ("Pencil", False, "1"), ("Bread", True, "1"), ("Mango", True, "4")]
    for driver in (planner, shopper):
        wait_lines(driver, expected)
        wait_totals(driver, cart="€8.12", total="€8.47", note="1 without a price")
    struck = {line["name"]: line["struck"] for line in lines(shopper)}
    assert struck["Bread"] == struck["Mango"] == "line-through" and struck["Milk"] == "none"
    # A check taken back out of the cart on one phone shows on the other as well.
    toggle_line(planner, "Bread")
    wait_lines(shopper, [("Milk", False, "1"), ("Bread", False, "1"), ("Pencil", False, "1"), ("Mango", True, "4")])
    toggle_line(shopper, "Bread")
    for driver in (planner, shopper):
        wait_lines(driver, expected)

    # Finish shopping clears what is in the cart, on both; the items stay in the catalogue.
    click(planner, tid("finish-shopping"))
    element(planner, tid("confirm-dialog"))
    assert "2 items" in element(planner, "#confirm-message").text
    click(planner, tid("confirm-ok"))
    for driver in (planner, shopper):
        wait_lines(driver, [("Milk", False, "1"), ("Pencil", False, "1")])
        wait_totals(driver, cart="€0.00", total="€0.35", note="1 without a price")
    ids = catalogue_ids(server)
    assert {"Bread", "Mango", "Milk", "Pencil"} <= set(ids)
    # A price given to Milk elsewhere (the catalogue, not the list) shows on both at once.
    assert server.api("PATCH", f"/api/v1/catalogue/{ids['Milk']}", {"price": "1.15"}).status == 200
    for driver in (planner, shopper):
        wait_totals(driver, cart="€0.00", total="€1.50", note="")
    contents = server.api("GET", f"/api/v1/shopping-lists/{weekly}").body
    assert [line["item"]["name"] for line in contents["lines"]] == ["Milk", "Pencil"]
    # And Items shows them again, without a check, ready for next time.
    click(shopper, tid("segment-items"))
    wait_ready(shopper, "catalogue")
    assert not catalogue_row(shopper, "Bread")["onList"] and catalogue_row(shopper, "Milk")["onList"]

    for what, ms in latencies.items():
        figure(f"shopping live update latency ({what}): {round(ms)} ms")
    assert all(ms < 1000 for ms in latencies.values()), latencies


def test_edit_item_shows_the_servers_message_and_saves_nothing(server, browser):
    ids = seed_tutorial_items(server)
    pear = ids["Pear"]
    before = server.api("GET", f"/api/v1/catalogue/{pear}").body
    driver = browser("desktop", path="/shopping/items")
    wait_ready(driver, "catalogue")
    click(driver, catalogue_selector(driver, "Pear", "edit-catalogue-item"))
    wait_ready(driver, "catalogueItemForm", f"/shopping/items/{pear}/edit")
    assert element(driver, tid("item-price-input")).get_attribute("value") == "62.50"

    browser.allow_console(r"/api/v1/catalogue/.* 422|/api/v1/catalogue/.* 409")
    for bad in ("abc", "-1", "99999999999999"):
        expected = server.api("PATCH", f"/api/v1/catalogue/{pear}", {"price": bad},
                              headers={"Accept-Language": "en-US"})
        assert expected.status == 422, expected.body
        type_text(driver, tid("item-price-input"), bad)
        click(driver, tid("done"))
        until_equal(driver, lambda d: d.find_element("css selector", tid("price-error")).text,
                    expected.body["detail"], f"the price error for {bad!r}")
        assert element(driver, tid("item-price-input")).get_attribute("aria-invalid") == "true"
        assert path(driver) == f"/shopping/items/{pear}/edit"
        assert server.api("GET", f"/api/v1/catalogue/{pear}").body == before, "a bad price changed the item"
        # Typing again clears the message.
        element(driver, tid("item-price-input")).send_keys("1")
        until(driver, lambda d: d.find_element("css selector", tid("price-error")).text == "")

    # A name another item has is refused under the name, with the server's words.
    duplicate = server.api("PATCH", f"/api/v1/catalogue/{pear}", {"name": "bread"})
    assert duplicate.status == 409, duplicate.body
    type_text(driver, tid("item-price-input"), "62.50")
    type_text(driver, tid("item-name-input"), "bread")
    click(driver, tid("done"))
    until_equal(driver, lambda d: d.find_element("css selector", tid("name-error")).text,
                duplicate.body["detail"], "the name error")
    assert server.api("GET", f"/api/v1/catalogue/{pear}").body == before

    # A good price, unit and category are saved, and Items shows them.
    type_text(driver, tid("item-name-input"), "Pear")
    type_text(driver, tid("item-price-input"), "€0.65")
    type_text(driver, tid("item-unit-input"), "each")
    type_text(driver, tid("item-category-input"), "Fruit")
    click(driver, tid("done"))
    wait_ready(driver, "catalogue", "/shopping/items")
    until_equal(driver, lambda d: {k: catalogue_row(d, "Pear")[k] for k in ("price", "detail")},
                {"price": "€0.65", "detail": "each · Fruit"}, "Pear on Items")
    saved = server.api("GET", f"/api/v1/catalogue/{pear}").body
    assert saved["price"]["amount"] == "0.65" and saved["unit"] == "each" and saved["category"] == "Fruit"


def test_add_and_delete_items_and_lists(server, browser):
    seed_tutorial_items(server)
    default = shopping_list_id(server, "Shopping List")
    party = create_list(server, "Party")
    ids = catalogue_ids(server)
    for list_id in (default, party):
        assert server.api("PUT", f"/api/v1/shopping-lists/{list_id}/entries/{ids['Mango']}").status == 201
    driver = browser("phone", path="/shopping/items")
    wait_ready(driver, "catalogue")

    # + adds an item; an empty name can't be saved.
    click(driver, tid("add-catalogue-item"))
    wait_ready(driver, "catalogueItemForm", "/shopping/items/new")
    assert not element(driver, tid("done")).is_enabled()
    type_text(driver, tid("item-name-input"), "Oat milk")
    type_text(driver, tid("item-price-input"), "1.79")
    click(driver, tid("done"))
    wait_ready(driver, "catalogue", "/shopping/items")
    assert catalogue_row(driver, "Oat milk")["price"] == "€1.79"

    # Search filters as you type, ignoring case and accents; no match offers to add the name.
    search_catalogue(driver, "MAN")
    until_equal(driver, lambda d: [r["name"] for r in d.execute_script(
        "return [...document.querySelectorAll('[data-testid=catalogue-row]')].map(r => ({name: r.dataset.itemName}))")],
        ["Mango"], "search results for MAN")
    search_catalogue(driver, "Crème brûlée")
    click(driver, tid("add-from-search"))
    wait_ready(driver, "catalogueItemForm", "/shopping/items/new")
    assert element(driver, tid("item-name-input")).get_attribute("value") == "Crème brûlée"
    click(driver, tid("done"))
    wait_ready(driver, "catalogue", "/shopping/items")
    search_catalogue(driver, "creme")
    until(driver, lambda d: catalogue_row(d, "Crème brûlée"))
    # Back from Edit Item keeps the search and its results.
    click(driver, catalogue_selector(driver, "Crème brûlée", "edit-catalogue-item"))
    wait_ready(driver, "catalogueItemForm")
    click(driver, tid("cancel"))
    wait_ready(driver, "catalogue", "/shopping/items")
    assert element(driver, tid("catalogue-search")).get_attribute("value") == "creme"
    until_equal(driver, lambda d: [r["name"] for r in d.execute_script(
        "return [...document.querySelectorAll('[data-testid=catalogue-row]')].map(r => ({name: r.dataset.itemName}))")],
        ["Crème brûlée"], "the results after coming back")
    search_catalogue(driver, "")

    # Delete says the item is on two lists, and takes it off them.
    click(driver, catalogue_selector(driver, "Mango", "edit-catalogue-item"))
    wait_ready(driver, "catalogueItemForm")
    click(driver, tid("delete-catalogue-item-button"))
    message = element(driver, "#confirm-message").text
    assert "removed from 2 lists" in message and "“Party”" in message and "“Shopping List”" in message, message
    click(driver, tid("confirm-ok"))
    wait_ready(driver, "catalogue", "/shopping/items")
    until(driver, lambda d: "Mango" not in [r["name"] for r in d.execute_script(
        "return [...document.querySelectorAll('[data-testid=catalogue-row]')].map(r => ({name: r.dataset.itemName}))")])
    # Gone from Items at once; the delete is sent from the outbox right after.
    until(driver, lambda _: "Mango" not in catalogue_ids(server), "Mango is still in the catalogue on the server")
    assert server.api("GET", f"/api/v1/shopping-lists/{party}").body["lines"] == []

    # The list picker: switch lists, add one, rename it, delete it.
    click(driver, tid("segment-list"))
    wait_ready(driver, "shoppingList")
    click(driver, tid("back"))
    wait_ready(driver, "shoppingLists", "/shopping/lists")
    click(driver, f'{tid("shopping-list-row", list_name="Party")} {tid("open-shopping-list")}')
    wait_ready(driver, "shoppingList", f"/shopping/lists/{party}")
    assert title(driver) == "Party"
    click(driver, tid("segment-items"))
    wait_ready(driver, "catalogue")
    assert "“Party”" in element(driver, tid("catalogue-hint")).text
    click(driver, tid("segment-list"))
    wait_ready(driver, "shoppingList", f"/shopping/lists/{party}")
    click(driver, tid("back"))
    wait_ready(driver, "shoppingLists")
    click(driver, tid("add-shopping-list"))
    wait_ready(driver, "shoppingListForm", "/shopping/lists/new")
    type_text(driver, tid("shopping-list-name-input"), "Party")
    click(driver, tid("done"))
    browser.allow_console(r"/api/v1/shopping-lists - .*409")
    until(driver, lambda d: d.find_element("css selector", tid("form-error")).text != "")
    type_text(driver, tid("shopping-list-name-input"), "Weekend")
    click(driver, tid("done"))
    wait_ready(driver, "shoppingList")
    assert title(driver) == "Weekend"
    # The list shows at once and is sent from the outbox, under the id the page made for it.
    weekend = until(driver, lambda d: next((l["id"] for l in server.api("GET", "/api/v1/shopping-lists").body["lists"]
                                            if l["name"] == "Weekend"), None), "Weekend never reached the server")
    assert path(driver) == f"/shopping/lists/{weekend}"
    click(driver, tid("back"))
    wait_ready(driver, "shoppingLists")
    click(driver, f'{tid("shopping-list-row", list_name="Weekend")} {tid("edit-shopping-list")}')
    wait_ready(driver, "shoppingListForm", f"/shopping/lists/{weekend}/edit")
    type_text(driver, tid("shopping-list-name-input"), "Weekend away")
    click(driver, tid("done"))
    wait_ready(driver, "shoppingLists", "/shopping/lists")
    until(driver, lambda d: d.find_elements("css selector", tid("shopping-list-row", list_name="Weekend away")))
    click(driver, f'{tid("shopping-list-row", list_name="Weekend away")} {tid("edit-shopping-list")}')
    wait_ready(driver, "shoppingListForm")
    click(driver, tid("delete-shopping-list-button"))
    click(driver, tid("confirm-ok"))
    wait_ready(driver, "shoppingLists", "/shopping/lists")
    until_equal(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-testid=shopping-list-row]')].map(r => r.dataset.listName)"),
        ["Party", "Shopping List"], "lists after the delete")


def test_tabs_urls_back_forward_and_reload(server, browser):
    seed_tutorial_items(server)
    server.cli("list", "add", "Groceries", "--icon", "groceries")
    groceries = server.list_id("Groceries")
    default = shopping_list_id(server, "Shopping List")
    pear = catalogue_ids(server)["Pear"]
    driver = browser("phone")
    wait_ready(driver, "lists", "/")
    assert driver.execute_script("return document.querySelector('[data-testid=tab-checklists]')"
                                 ".getAttribute('aria-current')") == "page"

    # The Shopping tab opens the current list, with its own URL.
    click(driver, tid("tab-shopping"))
    wait_ready(driver, "shoppingList", f"/shopping/lists/{default}")
    assert driver.execute_script("return document.querySelector('[data-testid=tab-shopping]')"
                                 ".getAttribute('aria-current')") == "page"
    click(driver, tid("segment-items"))
    wait_ready(driver, "catalogue", "/shopping/items")
    click(driver, catalogue_selector(driver, "Pear", "edit-catalogue-item"))
    wait_ready(driver, "catalogueItemForm", f"/shopping/items/{pear}/edit")

    # Reload keeps the screen (the server answers the app for /shopping/… URLs).
    driver.refresh()
    wait_ready(driver, "catalogueItemForm", f"/shopping/items/{pear}/edit")
    assert title(driver) == "Edit Item"

    # Back and Forward move through the screens, across the tabs.
    driver.back()
    wait_ready(driver, "catalogue", "/shopping/items")
    driver.back()
    wait_ready(driver, "shoppingList", f"/shopping/lists/{default}")
    driver.back()
    wait_ready(driver, "lists", "/")
    driver.forward()
    wait_ready(driver, "shoppingList", f"/shopping/lists/{default}")

    # Each tab remembers where it was.
    click(driver, tid("tab-checklists"))
    wait_ready(driver, "lists", "/")
    click(driver, f'{tid("list-row", list_name="Groceries")} {tid("open-list")}')
    wait_ready(driver, "list", f"/lists/{groceries}")
    click(driver, tid("tab-shopping"))
    wait_ready(driver, "shoppingList", f"/shopping/lists/{default}")
    click(driver, tid("segment-items"))
    wait_ready(driver, "catalogue", "/shopping/items")
    click(driver, tid("tab-checklists"))
    wait_ready(driver, "list", f"/lists/{groceries}")
    click(driver, tid("tab-shopping"))
    wait_ready(driver, "catalogue", "/shopping/items")

    # A deep link to Items (a fresh visit): Back goes to the current list, then the list picker.
    driver.get("about:blank")
    goto(driver, "/shopping/items", "catalogue")
    driver.back()
    wait_ready(driver, "shoppingList", f"/shopping/lists/{default}")
    driver.back()
    wait_ready(driver, "shoppingLists", "/shopping/lists")

    # The tab bar is reachable and works from the keyboard.
    press(driver, tid("tab-checklists"), Keys.ENTER)
    wait_ready(driver, "list", f"/lists/{groceries}")
    for path_ in ("/shopping", "/shopping/lists", "/shopping/items/new"):
        response = server.api("GET", path_, headers={"Accept": "text/html"})
        assert response.status == 200 and b"<html" in response.body, path_
    assert server.api("GET", "/shoppingx").status == 404


UNNAMED_CONTROLS = """
return [...document.querySelectorAll('button, input, a[href], [role=checkbox], [role=combobox]')]
  .filter(el => el.getClientRects().length > 0)
  .filter(el => !(el.getAttribute('aria-label') || el.textContent || '').trim()
                && !el.getAttribute('aria-labelledby') && !(el.labels && el.labels.length))
  .map(el => el.outerHTML.slice(0, 120));
"""


def test_keyboard_accessible_names_and_dark_mode(server, browser):
    seed_tutorial_items(server)
    driver = browser("desktop", path="/shopping/items")
    wait_ready(driver, "catalogue")
    assert driver.execute_script(UNNAMED_CONTROLS) == []

    # Items by keyboard: type in the search, Down to the results, Space puts one on the list.
    press(driver, tid("catalogue-search"), "pe")
    until_equal(driver, lambda d: [r["name"] for r in d.execute_script(
        "return [...document.querySelectorAll('[data-testid=catalogue-row]')].map(r => ({name: r.dataset.itemName}))")],
        ["Pear", "Pencil"], "search results for pe")
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    until(driver, lambda d: d.execute_script(
        "return document.activeElement.closest('[data-item-name]')?.dataset.itemName") == "Pear")
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    until(driver, lambda d: catalogue_row(d, "Pear")["onList"], "Space did not put Pear on the list")
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    until(driver, lambda d: d.execute_script(
        "return document.activeElement.closest('[data-item-name]')?.dataset.itemName") == "Pencil")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    until(driver, lambda d: catalogue_row(d, "Pencil")["onList"], "Enter did not put Pencil on the list")
    assert driver.execute_script(
        "return document.activeElement.getAttribute('aria-checked')") == "true"

    # The Shopping List by keyboard: add with Enter, check off with Space; focus stays in the list.
    click(driver, tid("segment-list"))
    wait_ready(driver, "shoppingList")
    assert driver.execute_script(UNNAMED_CONTROLS) == []
    press(driver, tid("add-line-input"), "Mango", Keys.ENTER)
    wait_lines(driver, [("Mango", False, "1"), ("Pear", False, "1"), ("Pencil", False, "1")])
    press(driver, line_selector(driver, "Pear", "line-toggle"), Keys.SPACE)
    wait_lines(driver, [("Mango", False, "1"), ("Pencil", False, "1"), ("Pear", True, "1")])
    assert driver.execute_script("return !!document.activeElement.closest('[data-testid=lines]')")
    press(driver, line_selector(driver, "Mango", "qty-plus"), Keys.ENTER)
    wait_lines(driver, [("Mango", False, "2"), ("Pencil", False, "1"), ("Pear", True, "1")])

    # The other screens name every control too.
    click(driver, tid("back"))
    wait_ready(driver, "shoppingLists")
    assert driver.execute_script(UNNAMED_CONTROLS) == []
    click(driver, f'{tid("shopping-list-row", list_name="Shopping List")} {tid("edit-shopping-list")}')
    wait_ready(driver, "shoppingListForm")
    assert driver.execute_script(UNNAMED_CONTROLS) == []
    goto(driver, "/shopping/items/new", "catalogueItemForm")
    assert driver.execute_script(UNNAMED_CONTROLS) == []

    # Dark mode follows the system, as the Checklists screens do.
    set_dark(driver, True)
    open_shopping_list(driver, shopping_list_id(server, "Shopping List"))
    until_equal(driver, lambda d: d.execute_script(
        "return getComputedStyle(document.querySelector('[data-testid=line-row]')).backgroundColor"),
        "rgb(28, 28, 30)", "a line's background in dark mode")


FOCUSED = "return document.activeElement?.dataset.testid ?? null"


def test_add_box_keeps_the_focus_and_takes_pasted_lines(server, browser):
    trip = create_list(server, "Trip")
    driver = browser("phone", path=None)
    open_shopping_list(driver, trip)
    element(driver, tid("empty-state"))

    # The first item on an empty list, then the next typed straight on: both go on the list.
    add_by_name(driver, "Salt")
    wait_lines(driver, [("Salt", False, "1")])
    assert driver.execute_script(FOCUSED) == "add-line-input", "the add box lost the focus after the first item"
    driver.switch_to.active_element.send_keys("Pepper", Keys.ENTER)
    wait_lines(driver, [("Pepper", False, "1"), ("Salt", False, "1")])
    assert driver.execute_script(FOCUSED) == "add-line-input"

    # Several lines pasted: one item per line (blank lines and what is already there skipped).
    # Each new item takes the grocery table's category: Dairy, Pantry, then Spices & sauces.
    paste(driver, tid("add-line-input"), "Eggs\r\nflour\n\n  Sugar  \nsalt\n")
    wait_lines(driver, [("Eggs", False, "1"), ("flour", False, "1"), ("Sugar", False, "1"), ("Pepper", False, "1"),
                        ("Salt", False, "1")])
    assert element(driver, tid("add-line-input")).get_attribute("value") == ""
    assert driver.execute_script(FOCUSED) == "add-line-input"
    until_equal(driver, lambda d: server_lines(server, trip),
                [("Eggs", False, 1), ("flour", False, 1), ("Sugar", False, 1), ("Pepper", False, 1), ("Salt", False, 1)],
                "the lines on the server")


def test_a_shopping_trip_in_a_basement_with_no_signal(server, browser):
    seed_tutorial_items(server)
    weekly = create_list(server, "Weekly")
    ids = catalogue_ids(server)
    for name in ("Bread", "Mango", "Pear"):
        assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/entries/{ids[name]}").status in (200, 201)
    driver = browser("phone", path=None)
    open_shopping_list(driver, weekly)
    wait_lines(driver, [("Bread", False, "1"), ("Mango", False, "1"), ("Pear", False, "1")])
    click(driver, tid("segment-items"))  # Items once, as a newcomer would look around
    wait_ready(driver, "catalogue")
    until(driver, lambda d: catalogue_row(d, "Pencil"), "Items never showed Pencil")
    click(driver, tid("segment-list"))
    wait_lines(driver, [("Bread", False, "1"), ("Mango", False, "1"), ("Pear", False, "1")])
    assert pending_rows(driver, tid("line-row")) == []

    browser.allow_console(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|/api/v1/")
    set_offline(driver, True)

    # Every tick, quantity and add shows at once, marked as waiting; nothing reaches the server.
    toggle_line(driver, "Bread")
    click(driver, line_selector(driver, "Mango", "qty-plus"))
    wait_lines(driver, [("Mango", False, "2"), ("Pear", False, "1"), ("Bread", True, "1")])
    add_by_name(driver, "Salt")
    wait_lines(driver, [("Mango", False, "2"), ("Pear", False, "1"), ("Salt", False, "1"), ("Bread", True, "1")])
    assert element(driver, tid("add-line-input")).get_attribute("value") == "", "the queued name stayed in the box"
    assert driver.execute_script(FOCUSED) == "add-line-input"
    until_equal(driver, lambda d: pending_rows(d, tid("line-row")), ["Bread", "Mango", "Salt"], "waiting lines")

    # Items works offline too: searchable, and a tap puts Pencil on the list (waiting).
    click(driver, tid("segment-items"))
    wait_ready(driver, "catalogue")
    search_catalogue(driver, "PENC")
    until_equal(driver, lambda d: [r["name"] for r in d.execute_script(
        "return [...document.querySelectorAll('[data-testid=catalogue-row]')].map(r => ({name: r.dataset.itemName}))")],
        ["Pencil"], "the search offline")
    tap_catalogue_item(driver, "Pencil")
    until(driver, lambda d: "Pencil" in pending_rows(d, tid("catalogue-row")), "Pencil is not marked as waiting")
    # A new item made offline shows on Items at once, waiting.
    click(driver, tid("add-catalogue-item"))
    wait_ready(driver, "catalogueItemForm", "/shopping/items/new")
    type_text(driver, tid("item-name-input"), "Matches")
    type_text(driver, tid("item-price-input"), "0.99")
    click(driver, tid("done"))
    wait_ready(driver, "catalogue", "/shopping/items")
    search_catalogue(driver, "match")
    until(driver, lambda d: "Matches" in pending_rows(d, tid("catalogue-row")), "Matches is not on Items, waiting")
    click(driver, tid("segment-list"))
    wait_lines(driver, [("Mango", False, "2"), ("Pear", False, "1"), ("Pencil", False, "1"), ("Salt", False, "1"),
                        ("Bread", True, "1")])

    # Finish Shopping offline clears what the cart shows.
    click(driver, tid("finish-shopping"))
    element(driver, tid("confirm-dialog"))
    click(driver, tid("confirm-ok"))
    wait_lines(driver, [("Mango", False, "2"), ("Pear", False, "1"), ("Pencil", False, "1"), ("Salt", False, "1")])
    assert server_lines(server, weekly) == [("Bread", False, 1), ("Mango", False, 1), ("Pear", False, 1)]

    # Meanwhile another phone puts Notepad in its cart: this phone's Finish Shopping was about
    # what it showed, so Notepad stays.
    assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/entries/{ids['Notepad']}").status in (200, 201)
    assert server.api("PATCH", f"/api/v1/shopping-lists/{weekly}/entries/{ids['Notepad']}", {"inCart": True}).status == 200

    # Back online: everything is sent, in order, and nothing waits any more. Salt is new to
    # the catalogue, so it takes the grocery table's category and leads the uncategorised lines.
    set_offline(driver, False)
    expected = [("Salt", False, 1), ("Mango", False, 2), ("Pear", False, 1), ("Pencil", False, 1), ("Notepad", True, 1)]
    until_equal(driver, lambda d: server_lines(server, weekly), expected, "the lines on the server", timeout=15)
    until_equal(driver, lambda d: pending_rows(d, tid("line-row")), [], "lines still waiting")
    wait_lines(driver, [("Salt", False, "1"), ("Mango", False, "2"), ("Pear", False, "1"), ("Pencil", False, "1"),
                        ("Notepad", True, "1")])
    matches = [i for i in server.api("GET", "/api/v1/catalogue").body["items"] if i["name"] == "Matches"]
    assert len(matches) == 1 and matches[0]["price"]["amount"] == "0.99", matches


CONFLICTS = """
return [...document.querySelectorAll('[data-testid=row-conflict]')].map(c => ({
  kind: c.dataset.kind,
  under: c.closest('li')?.previousElementSibling?.dataset.itemName ?? null,
  message: c.querySelector('[data-testid=row-conflict-message]')?.textContent ?? '',
}));
"""


def test_edits_that_met_other_changes_are_shown_at_their_rows(server, browser):
    seed_tutorial_items(server)
    weekly = create_list(server, "Weekly")
    ids = catalogue_ids(server)
    for name in ("Mango", "Pear"):
        assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/entries/{ids[name]}").status in (200, 201)
    driver = browser("phone", path=None)
    open_shopping_list(driver, weekly)
    wait_lines(driver, [("Mango", False, "1"), ("Pear", False, "1")])
    browser.allow_console(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|/api/v1/.* (412|404)")

    # Offline: Mango to 3 and Pear into the cart; meanwhile another phone sets Mango to 5 and
    # takes Pear off the list.
    set_offline(driver, True)
    click(driver, line_selector(driver, "Mango", "qty-plus"))
    wait_lines(driver, [("Mango", False, "2"), ("Pear", False, "1")])
    click(driver, line_selector(driver, "Mango", "qty-plus"))
    toggle_line(driver, "Pear")
    wait_lines(driver, [("Mango", False, "3"), ("Pear", True, "1")])
    entry = f"/api/v1/shopping-lists/{weekly}/entries"
    assert server.api("PATCH", f"{entry}/{ids['Mango']}", {"quantity": 5}).status == 200
    assert server.api("DELETE", f"{entry}/{ids['Pear']}").status in (200, 204)

    # Back online: neither edit is overwritten or dropped without a word; each shows under its row.
    set_offline(driver, False)
    until_equal(driver, lambda d: sorted((c["kind"], c["under"]) for c in d.execute_script(CONFLICTS)),
                [("changed", "Mango"), ("deleted", "Pear")], "the conflicts under their rows", timeout=15)
    messages = {c["under"]: c["message"] for c in driver.execute_script(CONFLICTS)}
    assert "5" in messages["Mango"], messages
    assert "Deleted on another device" in messages["Pear"], messages
    assert server_lines(server, weekly) == [("Mango", False, 5)]

    # Keep mine sends 3 over their 5; Restore puts Pear back, in the cart as this phone had it.
    click(driver, f'{tid("line-row", item_name="Mango")} + li {tid("conflict-keep-mine")}')
    until_equal(driver, lambda d: server_lines(server, weekly)[0], ("Mango", False, 3), "Keep mine")
    click(driver, f'[data-item-name="Pear"] + li {tid("conflict-restore")}')
    until_equal(driver, lambda d: server_lines(server, weekly), [("Mango", False, 3), ("Pear", True, 1)], "Restore",
                timeout=15)
    until_equal(driver, lambda d: d.execute_script(CONFLICTS), [], "conflicts left")
    wait_lines(driver, [("Mango", False, "3"), ("Pear", True, "1")])


def test_the_shopping_tab_reopens_offline_with_what_is_waiting(server, browser):
    seed_tutorial_items(server)
    weekly = create_list(server, "Weekly")
    ids = catalogue_ids(server)
    for name in ("Bread", "Mango"):
        assert server.api("PUT", f"/api/v1/shopping-lists/{weekly}/entries/{ids[name]}").status in (200, 201)
    driver = browser("phone", path=None)
    open_shopping_list(driver, weekly)
    wait_lines(driver, [("Bread", False, "1"), ("Mango", False, "1")])
    click(driver, tid("segment-items"))
    wait_ready(driver, "catalogue")
    until(driver, lambda d: catalogue_row(d, "Pencil"), "Items never showed Pencil")
    until_js(driver, "return navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)",
             message="the service worker never took the page (the offline shell)")
    click(driver, tid("segment-list"))
    wait_lines(driver, [("Bread", False, "1"), ("Mango", False, "1")])

    browser.allow_console(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|/api/v1/")
    set_offline(driver, True)
    toggle_line(driver, "Bread")
    add_by_name(driver, "Salt")
    wait_lines(driver, [("Mango", False, "1"), ("Salt", False, "1"), ("Bread", True, "1")])

    # A reload with no signal paints the list from the device, edits still waiting.
    driver.refresh()
    wait_ready(driver, "shoppingList", f"/shopping/lists/{weekly}")
    wait_lines(driver, [("Mango", False, "1"), ("Salt", False, "1"), ("Bread", True, "1")])
    until_equal(driver, lambda d: pending_rows(d, tid("line-row")), ["Bread", "Salt"], "waiting lines after the reload")
    # Items too, searchable.
    click(driver, tid("segment-items"))
    wait_ready(driver, "catalogue")
    search_catalogue(driver, "mang")
    until_equal(driver, lambda d: [r["name"] for r in d.execute_script(
        "return [...document.querySelectorAll('[data-testid=catalogue-row]')].map(r => ({name: r.dataset.itemName}))")],
        ["Mango"], "the search offline after a reload")

    # Online again, the new Salt takes its category (Spices & sauces) and leads Mango.
    set_offline(driver, False)
    until_equal(driver, lambda d: server_lines(server, weekly), [("Salt", False, 1), ("Mango", False, 1), ("Bread", True, 1)],
                "the lines on the server", timeout=15)


def test_an_item_edited_on_two_phones_shows_its_conflict_on_items(server, browser):
    seed_tutorial_items(server)
    pear = catalogue_ids(server)["Pear"]
    driver = browser("phone", path="/shopping/items")
    wait_ready(driver, "catalogue")
    until(driver, lambda d: catalogue_row(d, "Pear"), "Items never showed Pear")
    browser.allow_console(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|/api/v1/.* 412")

    # Offline, this phone gives Pear a unit; meanwhile another phone gives it a different one.
    set_offline(driver, True)
    click(driver, catalogue_selector(driver, "Pear", "edit-catalogue-item"))
    wait_ready(driver, "catalogueItemForm", f"/shopping/items/{pear}/edit")
    type_text(driver, tid("item-unit-input"), "each")
    click(driver, tid("done"))
    wait_ready(driver, "catalogue", "/shopping/items")
    until_equal(driver, lambda d: catalogue_row(d, "Pear")["detail"], "each", "Pear's unit, shown at once")
    assert "Pear" in pending_rows(driver, tid("catalogue-row"))
    assert server.api("PATCH", f"/api/v1/catalogue/{pear}", {"unit": "1 kg"}).status == 200

    # Online: not overwritten either way; the choice is offered, and Keep theirs keeps "1 kg".
    set_offline(driver, False)
    conflict = element(driver, tid("row-conflict"))
    assert conflict.get_attribute("data-kind") == "changed"
    assert "1 kg" in element(driver, tid("row-conflict-message")).text
    assert server.api("GET", f"/api/v1/catalogue/{pear}").body["unit"] == "1 kg"
    click(driver, tid("conflict-keep-theirs"))
    until(driver, lambda d: not d.find_elements("css selector", tid("row-conflict")), "the conflict stayed")
    until_equal(driver, lambda d: catalogue_row(d, "Pear")["detail"], "1 kg", "Pear's unit after Keep theirs")
    assert server.api("GET", f"/api/v1/catalogue/{pear}").body["unit"] == "1 kg"
