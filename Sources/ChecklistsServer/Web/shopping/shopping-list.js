// The Shopping List screen: only the items on one list, checked off into the cart while
// shopping (checked lines move down, struck through), with quantities, each line's cost, the
// totals for the list and for the cart, Finish Shopping, and an add field that offers
// catalogue items as you type.
//
// data-testid hooks: segment-list, segment-items; add-line-input (role=combobox),
// add-line-button, suggestions (role=listbox), suggestion (data-item-name); lines (the <ul>),
// line-row (data-item-id, data-item-name, data-in-cart="true|false"), line-toggle
// (role=checkbox), line-name, line-detail, qty-minus, qty-input, qty-plus, line-cost;
// shop-summary, total, cart-total, unpriced-note, finish-shopping; empty-state, no-lists;
// share-list (the owner's Share in the bar), shared-note (whose list it is and what the role allows).
//
// On a list someone shared, only what the role allows shows: a viewer reads; a checker also puts
// things in the cart and finishes shopping; an editor also adds (by name: the user's own
// catalogue is not the owner's, so it offers no suggestions), changes quantities and takes
// things off.

import { shopApi } from "/shopping-api.js";
import { main, shell } from "/shell.js";
import { loadSession } from "/api.js";
import { announce, backButton, confirmDialog, h, navButton, setNav, setTitle, toast } from "/views.js";
import { setCurrentListID, shopPaths } from "/shopping/shopping-routes.js";
import {
  changeLine, forgetList, hasPending, isOnList, listName, loadContents, loadLists, putCatalogueItem,
  resolveCurrentList, setOnList, shop, shownLines, storeLine, keyCatalogue,
} from "/shopping-store.js";
import { fold, priceText, segmentedControl, totalText } from "/shopping/shopping-views.js";
import { canCheck, canEditItems, isShared, openShareSheet, sharedNote } from "/sharing.js";

const SUGGESTIONS = 8;
const MAX_QUANTITY = 999;
const sameID = (a, b) => !!a && !!b && a.toUpperCase() === b.toUpperCase();

export function shoppingListScreen({ route, alive }) {
  let id = route.id ?? null;
  // The owner's Share button, once the server has accounts (nobody to share with otherwise).
  const shareButton = navButton("Share", "share-list", () => {
    const list = shop.contents.get(id)?.list;
    if (list) openShareSheet(list);
  }, { hidden: true });
  let accounts = false;
  loadSession().then((known) => {
    accounts = known?.mode === "accounts";
    if (alive()) paint();
  });
  setNav({ left: [backButton("Lists", () => shell.up())], title: (id && listName(id)) ?? "", right: [shareButton] });

  const segmented = segmentedControl("list");
  const lines = h("ul", { class: "group lines", "data-testid": "lines", "aria-labelledby": "nav-title" });
  const emptyText = h("p", { text: "Nothing on this list yet. Type a name above, or choose from your items." });
  const chooseButton = h("button", { type: "button", class: "plain-button", text: "Choose from Items", onclick: () => shell.go(shopPaths.items()) });
  const empty = h("div", { class: "empty", "data-testid": "empty-state" }, emptyText, chooseButton);
  const note = h("p", { class: "shared-note", "data-testid": "shared-note", hidden: true });
  /** What the user's role allows on this list (their own lists allow everything). */
  const may = { check: true, edit: true, shared: false };
  const adder = addField(() => id, paint, () => may.shared);

  /** Shows only the controls the role allows. */
  function applyRole(list) {
    may.check = canCheck(list);
    may.edit = canEditItems(list);
    may.shared = isShared(list);
    note.hidden = !may.shared;
    if (may.shared) note.textContent = sharedNote(list, { things: "entries" });
    lines.classList.toggle("read-only", !may.edit);
    adder.form.hidden = !may.edit;
    finish.hidden = !may.check;
    chooseButton.hidden = may.shared;
    emptyText.textContent = !may.edit ? "Nothing on this list yet."
      : may.shared ? "Nothing on this list yet. Type a name above to add it."
        : "Nothing on this list yet. Type a name above, or choose from your items.";
    shareButton.hidden = may.shared || !accounts;
  }

  // MARK: Totals and Finish Shopping

  const total = h("span", { class: "total-value", "data-testid": "total" });
  const cartTotal = h("span", { class: "total-value", "data-testid": "cart-total" });
  const unpriced = h("p", { class: "unpriced-note", "data-testid": "unpriced-note" });
  const finish = h("button", { type: "button", class: "plain-button finish-button", "data-testid": "finish-shopping", text: "Finish Shopping" });
  const summary = h("section", { class: "shop-summary", "aria-label": "Totals", "data-testid": "shop-summary" },
    h("div", { class: "totals" },
      h("p", { class: "total-cell" }, h("span", { class: "total-label", text: "In cart" }), cartTotal),
      h("p", { class: "total-cell" }, h("span", { class: "total-label", text: "Total" }), total),
      finish),
    unpriced);

  finish.addEventListener("click", async () => {
    const contents = shop.contents.get(id);
    if (!contents) return;
    const inCart = shownLines(id).filter((l) => l.inCart).length;
    if (inCart === 0) return;
    const ok = await confirmDialog({
      title: "Finish shopping?",
      message: `${inCart === 1 ? "The item" : `The ${inCart} items`} in the cart will be taken off “${contents.list.name}”. `
        + (may.shared ? `They stay in ${contents.list.owner}’s items for next time.` : "They stay in your items for next time."),
      confirm: "Finish",
    });
    if (!ok || !alive()) return;
    try {
      const result = await shopApi.finish(id);
      shop.contents.set(id, { ...result.contents, etag: null });
      shop.listsETag = null;
      shell.setOnline(true);
      announce(`Finished shopping: ${result.cleared} ${result.cleared === 1 ? "item" : "items"} cleared.`);
      toast(`Cleared ${result.cleared} ${result.cleared === 1 ? "item" : "items"} from the cart.`);
      if (alive()) paint();
    } catch (error) {
      shell.noteError(error);
      toast(error.isNetwork ? "Can’t reach the server. Nothing was cleared." : error.detail, { kind: "error" });
    }
  });

  // MARK: Lines

  function lineDetail(line) {
    const parts = [];
    if (line.item.price && line.quantity > 1) parts.push(`${line.quantity} × ${priceText(line.item.price)}`);
    if (line.item.unit) parts.push(line.item.unit);
    if (line.item.category) parts.push(line.item.category);
    return parts.join(" · ");
  }

  function row(line) {
    const name = line.item.name;
    const detail = lineDetail(line);
    const li = h("li", { class: "row line", "data-testid": "line-row" },
      h("button", {
        type: "button", class: "row-main line-toggle", role: "checkbox", "aria-checked": String(line.inCart),
        "aria-disabled": may.check ? null : "true", "data-testid": "line-toggle",
      },
      h("span", { class: "cart-check", "aria-hidden": "true" }),
      h("span", { class: "row-text" },
        h("span", { class: "line-name", "data-testid": "line-name", text: name }),
        h("span", { class: "row-sub", "data-testid": "line-detail", text: detail }))),
      h("span", { class: "qty", role: "group", "aria-label": `How many ${name}` },
        h("button", {
          type: "button", class: `qty-button ${line.quantity > 1 ? "qty-minus" : "qty-remove"}`, "data-testid": "qty-minus",
          "aria-label": line.quantity > 1 ? `One ${name} less` : `Take ${name} off the list`,
        }),
        h("input", {
          type: "text", class: "qty-input", inputmode: "numeric", maxlength: "3", autocomplete: "off", enterkeyhint: "done",
          value: String(line.quantity), "aria-label": `Quantity of ${name}`, "data-testid": "qty-input",
          readonly: may.edit ? null : "",
        }),
        h("button", {
          type: "button", class: "qty-button qty-plus", "data-testid": "qty-plus", "aria-label": `One more ${name}`,
          "aria-disabled": line.quantity >= MAX_QUANTITY ? "true" : "false",
        })),
      h("span", {
        class: line.cost ? "line-cost" : "line-cost unpriced", "data-testid": "line-cost",
        text: line.cost ? priceText(line.cost) : "–", title: line.cost ? null : "No price",
      }, line.cost ? null : h("span", { class: "vh", text: "no price" })));
    li.dataset.itemId = line.item.id;
    li.dataset.itemName = name;
    li.dataset.inCart = String(line.inCart);
    return li;
  }

  const signature = (l) =>
    `${l.item.id}|${l.item.revision}|${l.inCart}|${l.quantity}|${l.cost?.formatted ?? l.cost?.amount ?? ""}|${l.item.price?.formatted ?? ""}|${may.check}|${may.edit}`;

  function paint() {
    if (!id || !alive()) return;
    const contents = shop.contents.get(id);
    if (!contents) return;
    setTitle(contents.list.name);
    applyRole(contents.list);
    const shown = shownLines(id);
    const focus = shell.captureFocus(lines);
    const old = new Map([...lines.children].map((li) => [li.dataset.itemId, li]));
    const rows = shown.map((line) => {
      const existing = old.get(line.item.id);
      if (existing && existing._signature === signature(line)) return existing;
      const fresh = row(line);
      fresh._signature = signature(line);
      // Keep what the user is typing in a quantity field.
      const typing = existing?.querySelector(".qty-input");
      if (typing && typing === document.activeElement) {
        fresh.querySelector(".qty-input").replaceWith(typing);
      }
      return fresh;
    });
    const same = rows.length === lines.children.length && rows.every((li, i) => lines.children[i] === li);
    if (!same) lines.replaceChildren(...rows);

    const { totals } = contents;
    const busy = hasPending(id);
    total.textContent = totalText(totals.total, shop.catalogue?.currency ?? totals.total[0]?.currency);
    cartTotal.textContent = totalText(totals.inCart, totals.total[0]?.currency ?? shop.catalogue?.currency);
    summary.setAttribute("aria-busy", String(busy));
    summary.classList.toggle("stale", busy);
    const n = totals.unpricedCount;
    unpriced.textContent = n > 0 ? `${n} without a price` : "";
    const inCart = shown.filter((l) => l.inCart).length;
    finish.disabled = inCart === 0;

    const content = shown.length === 0 ? empty : lines;
    if (!content.isConnected || !adder.form.isConnected) {
      main().replaceChildren(segmented, note, adder.form, content, summary);
    }
    shell.restoreFocus(lines, focus);
  }

  lines.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-item-id]");
    if (!li) return;
    const itemID = li.dataset.itemId;
    const line = shownLines(id).find((l) => l.item.id === itemID);
    if (!line) return;
    switch (button.dataset.testid) {
      case "line-toggle":
        if (!may.check) {
          toast(note.textContent);
          break;
        }
        changeLine(id, itemID, { inCart: !line.inCart }, paint);
        paint();
        announce(`${line.item.name} ${line.inCart ? "taken out of the cart" : "in the cart"}`);
        break;
      case "qty-minus":
        if (line.quantity > 1) setQuantity(line, line.quantity - 1);
        else takeOff(line);
        break;
      case "qty-plus":
        if (line.quantity < MAX_QUANTITY) setQuantity(line, line.quantity + 1);
        break;
    }
  });

  // A quantity typed in: sent on Enter or when the field is left; an invalid one is put back.
  lines.addEventListener("change", (event) => {
    const input = event.target.closest(".qty-input");
    const li = input?.closest("li[data-item-id]");
    if (!li) return;
    const line = shownLines(id).find((l) => l.item.id === li.dataset.itemId);
    if (!line) return;
    const value = Number.parseInt(input.value.trim(), 10);
    if (!/^\d+$/.test(input.value.trim()) || value < 1 || value > MAX_QUANTITY) {
      input.value = String(line.quantity);
      toast(`A quantity is a whole number from 1 to ${MAX_QUANTITY}.`, { kind: "error" });
      return;
    }
    if (value !== line.quantity) setQuantity(line, value);
  });
  lines.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.classList.contains("qty-input")) {
      event.preventDefault();
      event.target.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });

  function setQuantity(line, quantity) {
    changeLine(id, line.item.id, { quantity }, paint);
    paint();
    announce(`${line.item.name}: ${quantity}`);
  }

  function takeOff(line) {
    const { item, quantity, inCart } = line;
    setOnList(id, item.id, false, paint);
    announce(`${item.name} taken off the list.`);
    toast(`Took “${item.name}” off the list.`, {
      action: "Undo",
      timeout: 8000,
      onAction: async () => {
        try {
          storeLine(id, await shopApi.put(id, item.id, quantity));
          if (inCart) storeLine(id, await shopApi.updateEntry(id, item.id, { inCart }));
          shell.scheduleRefresh(0);
        } catch (error) {
          shell.noteError(error);
          toast(error.detail || "The item could not be put back.", { kind: "error" });
        }
      },
    });
  }

  // MARK: Loading

  async function refresh() {
    try {
      if (!id) {
        await loadLists();
        if (!alive()) return;
        const list = resolveCurrentList();
        if (!list) {
          showNoLists();
          return;
        }
        id = list.id;
        history.replaceState(history.state, "", shopPaths.list(id));
        document.body.dataset.screen = "shoppingList";
        document.documentElement.dataset.screen = "shoppingList";
      }
      setCurrentListID(id);
      const changed = await loadContents(id);
      if (!alive()) return;
      if (changed || !(lines.isConnected || empty.isConnected)) paint();
    } catch (error) {
      if (!alive()) return;
      if (error.status === 404 && id) {
        const shared = isShared(shop.contents.get(id)?.list ?? shop.lists?.find((l) => l.id === id));
        forgetList(id);
        toast(shared ? "This list is no longer shared with you." : "This shopping list no longer exists.");
        shell.go(shopPaths.lists(), { replace: true });
        return;
      }
      shell.noteError(error);
      if (!id || !shop.contents.has(id)) shell.showLoadError(error, () => shell.render({ direction: "none" }));
    }
  }

  function showNoLists() {
    setNav({ left: [backButton("Lists", () => shell.up())], title: "Shopping", right: [] });
    main().replaceChildren(segmented, h("div", { class: "empty", "data-testid": "no-lists" },
      h("p", { text: "There is no shopping list yet." }),
      h("button", { type: "button", class: "plain-button", text: "New Shopping List", onclick: () => shell.go(shopPaths.newList()) })));
  }

  let ready;
  if (id && shop.contents.has(id)) {
    setCurrentListID(id);
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = shell.showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  // The catalogue is not needed here, but when loaded it answers suggestions without a request.
  if (shop.catalogue) setTimeout(keyCatalogue, 0);

  return {
    ready,
    refresh,
    /** This list's lines and totals change with its entries and with any catalogue item's name or price. */
    wants: (change) => change.scope === "catalogue"
      || ((change.scope === "shoppingList" || change.scope === "sharing") && (!id || sameID(change.collectionID, id))),
    dispose() {
      adder.dispose();
    },
  };
}

/**
 * The add field: a combobox that offers catalogue items matching what is typed (ignoring case
 * and accents). Enter or Add puts the highlighted item, or the item with exactly that name, on
 * the list; only a name the catalogue does not have yet makes a new item.
 */
function addField(listID, paint, shared) {
  const input = h("input", {
    type: "text", id: "add-line", class: "text-field add-input", placeholder: "Add an item", maxlength: 200,
    autocomplete: "off", autocapitalize: "sentences", spellcheck: "false", enterkeyhint: "done", role: "combobox",
    "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": "add-suggestions",
    "aria-label": "Add an item", "data-testid": "add-line-input",
  });
  const submit = h("button", { type: "submit", class: "plain-button small", "data-testid": "add-line-button", text: "Add" });
  const listbox = h("ul", {
    id: "add-suggestions", class: "suggestions", role: "listbox", "aria-label": "Items in your catalogue",
    "data-testid": "suggestions", hidden: true,
  });
  const form = h("form", { class: "group add-form", "data-testid": "add-line-form", novalidate: true },
    h("div", { class: "row field-row" }, input, submit), listbox);

  let options = [];
  let active = -1;
  let results = { query: null, items: [] };
  let controller = null;
  let queue = Promise.resolve();

  /** Catalogue items matching `text`: from the loaded catalogue when there is one, else the server. */
  async function search(text, signal) {
    const query = fold(text);
    if (shared()) return []; // the user's catalogue is not the owner's: its items can't go on this list
    if (results.query === query) return results.items;
    let items;
    if (shop.catalogue) {
      keyCatalogue();
      const starts = [];
      const contains = [];
      for (const item of shop.catalogue.items) {
        const at = item._key.indexOf(query);
        if (at === 0) starts.push(item);
        else if (at > 0) contains.push(item);
        if (starts.length >= SUGGESTIONS) break;
      }
      items = starts.concat(contains).slice(0, SUGGESTIONS);
    } else {
      items = (await shopApi.search(text, SUGGESTIONS, signal)).items;
      const starts = items.filter((i) => fold(i.name).startsWith(query));
      items = starts.concat(items.filter((i) => !starts.includes(i)));
    }
    results = { query, items };
    return items;
  }

  function close() {
    listbox.hidden = true;
    listbox.replaceChildren();
    options = [];
    active = -1;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  }

  function show(items) {
    options = items;
    active = -1;
    input.removeAttribute("aria-activedescendant");
    if (items.length === 0) {
      close();
      return;
    }
    const id = listID();
    listbox.replaceChildren(...items.map((item, index) => {
      const on = id && isOnList(id, item.id);
      const li = h("li", {
        id: `add-suggestion-${index}`, class: "suggestion", role: "option", "aria-selected": "false",
        "data-testid": "suggestion",
      },
      h("span", { class: "suggestion-name", text: item.name }),
      on ? h("span", { class: "suggestion-note", text: "on the list" }) : null,
      h("span", { class: "suggestion-price", text: priceText(item.price) }));
      li.dataset.itemName = item.name;
      li.dataset.index = String(index);
      return li;
    }));
    listbox.hidden = false;
    input.setAttribute("aria-expanded", "true");
  }

  function highlight(index) {
    active = index;
    [...listbox.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === index)));
    if (index >= 0) {
      input.setAttribute("aria-activedescendant", `add-suggestion-${index}`);
      listbox.children[index]?.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  input.addEventListener("input", async () => {
    const text = input.value.trim();
    controller?.abort();
    if (!text) {
      close();
      return;
    }
    controller = new AbortController();
    try {
      const items = await search(text, controller.signal);
      if (input.value.trim() === text && document.activeElement === input) show(items);
    } catch (error) {
      if (error.name !== "AbortError") shell.noteError(error);
    }
  });
  input.addEventListener("keydown", (event) => {
    if (event.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      // Down from the last option (or up from the first) returns to what was typed.
      let next = active + (event.key === "ArrowDown" ? 1 : -1);
      if (next >= options.length) next = -1;
      else if (next < -1) next = options.length - 1;
      highlight(next);
    } else if (event.key === "Escape" && !listbox.hidden) {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener("blur", () => setTimeout(() => {
    if (document.activeElement !== input) close();
  }, 0));
  // A tap on a suggestion must not take the focus from the field first.
  listbox.addEventListener("pointerdown", (event) => event.preventDefault());
  listbox.addEventListener("click", (event) => {
    const li = event.target.closest("li[data-index]");
    if (!li) return;
    const item = options[Number(li.dataset.index)];
    if (item) enqueue(() => addItem(item));
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const item = active >= 0 ? options[active] : null;
    const text = input.value.trim();
    if (!item && !text) return;
    enqueue(() => (item ? addItem(item) : addText(text)));
  });

  /** Adds run one after another, so "milk" typed twice quickly still finds the first Milk. */
  function enqueue(add) {
    controller?.abort();
    input.value = "";
    close();
    input.focus();
    queue = queue.then(add).catch((error) => {
      shell.noteError(error);
      toast(error.isNetwork ? "Can’t reach the server. The item was not added." : error.detail, { kind: "error" });
    });
  }

  async function addText(text) {
    results = { query: null, items: [] };
    const id = listID();
    const key = fold(text);
    if (shared()) {
      // Only the list's own lines are known here; the owner's catalogue matches the name.
      const line = shop.contents.get(id)?.lines.find((l) => fold(l.item.name) === key);
      if (line && isOnList(id, line.item.id)) {
        toast(`“${line.item.name}” is already on the list.`);
        announce(`${line.item.name} is already on the list.`);
        return;
      }
    } else {
      const items = await search(text);
      const existing = items.find((i) => fold(i.name) === key);
      if (existing) return addItem(existing);
    }
    const { line, createdItem } = await shopApi.putNamed(id, text);
    shell.setOnline(true);
    if (createdItem && !shared()) {
      putCatalogueItem(line.item.id, line.item);
      results = { query: null, items: [] };
    }
    storeLine(id, line);
    paint();
    announce(`Added ${line.item.name}.`);
    shell.scheduleRefresh(0);
  }

  async function addItem(item) {
    const id = listID();
    if (isOnList(id, item.id)) {
      toast(`“${item.name}” is already on the list.`);
      announce(`${item.name} is already on the list.`);
      return;
    }
    storeLine(id, await shopApi.put(id, item.id));
    shell.setOnline(true);
    paint();
    announce(`Added ${item.name}.`);
    shell.scheduleRefresh(0);
  }

  return {
    form,
    dispose() {
      controller?.abort();
    },
  };
}
