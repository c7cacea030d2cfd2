// The Shopping List screen: only the items on one list, checked off into the cart while
// shopping (checked lines move down, struck through), with quantities, each line's cost, the
// totals for the list and for the cart, Finish Shopping, and an add field that offers
// catalogue items as you type. The lines to get sit under a heading per category (aisle), in
// the order of the shop picked in the toolbar (shop-picker.js; grouping in aisles.js), those
// without a category last under "Other"; the cart's lines below them.
//
// data-testid hooks: segment-list, segment-items; add-line-input (role=combobox),
// add-line-button, suggestions (role=listbox), suggestion (data-item-name); lines (all the
// groups), aisle (a section: data-category, "" for Other), aisle-heading (its <h2>),
// cart-heading, line-group (each <ul>); the shop picker's hooks (shop-picker.js);
// line-row (data-item-id, data-item-name, data-in-cart="true|false"), line-toggle
// (role=checkbox), line-name, line-detail, qty-minus, qty-input, qty-plus, line-cost;
// shop-summary, total, cart-total, unpriced-note, finish-shopping (then a toast "Trip saved: €…");
// empty-state (with the first-run-hint), no-lists;
// share-list (the owner's Share in the bar), shared-note (whose list it is and what the role allows);
// not-offline; on a row with an unsent edit data-pending="true" and pending-mark; a conflict's
// row-conflict directly under its row.
//
// Everything paints from the client store (/data/store.js) at once, online or not, and every
// tap goes through it: it shows at once, marked as waiting until the server has it.
//
// On a list someone shared, only what the role allows shows: a viewer reads; a checker also puts
// things in the cart and finishes shopping; an editor also adds (by name: the user's own
// catalogue is not the owner's, so it offers no suggestions), changes quantities and takes
// things off.

import { main, shell } from "/shell.js";
import { loadSession } from "/api.js";
import { store } from "/data/store.js";
import { announce, backButton, confirmDialog, h, navButton, setNav, setTitle, toast } from "/views.js";
import { t } from "/messages.js";
import { setCurrentListID, shopPaths } from "/shopping/shopping-routes.js";
import {
  conflictRow, fold, isOffline, keptList, listName, markPending, matching, notOffline, priceText, resolveCurrentList,
  sameID, searchKey, segmentedControl, totalText,
} from "/shopping/shopping-views.js";
import { canCheck, canEditItems, isShared, openShareSheet, sharedNote } from "/sharing.js";
import { aisleSections } from "/shopping/aisles.js";
import { shopPicker } from "/shopping/shop-picker.js";
import { firstRunHint } from "/shopping/starter.js";
import { tripSavedText } from "/shopping/trips.js";

const SUGGESTIONS = 8;
const MAX_QUANTITY = 999;

/** The catalogue, kept on the device for suggestions and Items offline: loaded once per page. */
let catalogueLoad = null;
function keepCatalogue() {
  if (catalogueLoad) return;
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 200));
  catalogueLoad = new Promise((resolve) => idle(resolve, { timeout: 3000 })).then(() => store.loadCatalogue()).catch(() => {
    catalogueLoad = null; // offline: again next time
  });
}

export function shoppingListScreen({ route, alive }) {
  let id = route.id ?? null;
  // The owner's Share button, once the server has accounts (nobody to share with otherwise).
  const shareButton = navButton(t("web.shoppingList.share"), "share-list", () => {
    const list = store.shoppingList(id)?.list;
    if (list) openShareSheet(list);
  }, { hidden: true });
  let accounts = false;
  loadSession().then((known) => {
    accounts = known?.mode === "accounts";
    if (alive()) paint();
  }, () => {});
  setNav({ left: [backButton(t("web.shoppingList.back"), () => shell.up())], title: (id && listName(id)) ?? "", right: [shareButton] });

  const segmented = segmentedControl("list");
  /** Every group of lines: a section per aisle (with its heading), then the cart. */
  const lines = h("div", { class: "lines aisles", "data-testid": "lines" });
  const picker = shopPicker({ listID: () => id });
  const emptyText = h("p", { text: t("web.shoppingList.empty.own") });
  const chooseButton = h("button", { type: "button", class: "plain-button", text: t("web.shoppingList.empty.choose"), onclick: () => shell.go(shopPaths.items()) });
  const hint = firstRunHint();
  const empty = h("div", { class: "empty", "data-testid": "empty-state" }, emptyText, chooseButton, hint);
  const note = h("p", { class: "shared-note", "data-testid": "shared-note", hidden: true });
  /** What the user's role allows on this list (their own lists allow everything). */
  const may = { check: true, edit: true, shared: false };
  const adder = addField(() => id, () => may.shared);
  /** Whether this list was shown from the store (so its disappearing means it was deleted). */
  let seen = false;

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
    hint.hidden = may.shared;
    emptyText.textContent = !may.edit ? t("web.shoppingList.empty.readOnly")
      : may.shared ? t("web.shoppingList.empty.shared")
        : t("web.shoppingList.empty.own");
    shareButton.hidden = may.shared || !accounts;
  }

  // MARK: Totals and Finish Shopping

  const total = h("span", { class: "total-value", "data-testid": "total" });
  const cartTotal = h("span", { class: "total-value", "data-testid": "cart-total" });
  const unpriced = h("p", { class: "unpriced-note", "data-testid": "unpriced-note" });
  const finish = h("button", { type: "button", class: "plain-button finish-button", "data-testid": "finish-shopping", text: t("web.shoppingList.finish") });
  const summary = h("section", { class: "shop-summary", "aria-label": t("web.shoppingList.totals"), "data-testid": "shop-summary" },
    h("div", { class: "totals" },
      h("p", { class: "total-cell" }, h("span", { class: "total-label", text: t("web.shoppingList.totals.inCart") }), cartTotal),
      h("p", { class: "total-cell" }, h("span", { class: "total-label", text: t("web.shoppingList.totals.total") }), total),
      finish),
    unpriced);

  finish.addEventListener("click", async () => {
    const contents = store.shoppingList(id);
    if (!contents) return;
    const inCart = contents.lines.filter((l) => l.inCart).length;
    if (inCart === 0) return;
    const ok = await confirmDialog({
      title: t("web.shoppingList.finish.title"),
      message: may.shared
        ? t("web.shoppingList.finish.messageShared", { count: inCart, name: contents.list.name, owner: contents.list.owner })
        : t("web.shoppingList.finish.message", { count: inCart, name: contents.list.name }),
      confirm: t("web.shoppingList.finish.confirm"),
    });
    if (!ok || !alive()) return;
    // What is in the cart as shown here: online, Finish Shopping; offline, exactly those lines
    // are taken off when the edits are sent (not what another phone put in its cart meanwhile).
    const shownInCart = store.shoppingList(id)?.lines.filter((l) => l.inCart) ?? [];
    const cleared = shownInCart.length;
    try {
      if (store.online) {
        store.finishShopping(id);
        announceTrip(id);
      } else {
        for (const line of shownInCart) store.takeOffList(id, line.item.id);
      }
    } catch (error) {
      toast(error.message, { kind: "error" });
      return;
    }
    announce(t("web.shoppingList.finish.done", { count: cleared }));
    toast(t("web.shoppingList.finish.cleared", { count: cleared }));
  });

  /** Once the server answered Finish Shopping: "Trip saved: €23.40" (the trip's total), with a link to Trips. */
  function announceTrip(listID) {
    const before = store.lastTrip(listID);
    let timer = 0;
    const stop = store.subscribe((topics) => {
      if (!topics.has(`trip:${listID}`)) return;
      const trip = store.lastTrip(listID);
      if (trip === before) return;
      stop();
      clearTimeout(timer);
      if (!trip) return;
      const text = tripSavedText(trip);
      announce(text);
      toast(text, { action: t("web.shoppingList.tripSaved.show"), onAction: () => shell.go(shopPaths.trips()), timeout: 8000 });
    });
    // The answer may never come on this page (offline meanwhile): stop listening after a while.
    timer = setTimeout(stop, 60000);
  }

  // MARK: Lines

  /** A line's second row; its category only where no aisle heading above it says it. */
  function lineDetail(line, headed) {
    const parts = [];
    if (line.item.price && line.quantity > 1) parts.push(t("web.shoppingList.line.quantityPrice", { quantity: line.quantity, price: priceText(line.item.price) }));
    if (line.item.unit) parts.push(line.item.unit);
    if (line.item.category && !headed) parts.push(line.item.category);
    return parts.join(t("web.shoppingList.line.separator"));
  }

  const conflictOf = (line) => line._conflict ?? line.item?._conflict ?? null;

  function row(line, headed = false) {
    const name = line.item.name;
    const detail = lineDetail(line, headed);
    const text = h("span", { class: "row-text" },
      h("span", { class: "line-name", "data-testid": "line-name", text: name }),
      h("span", { class: "row-sub", "data-testid": "line-detail", text: detail }));
    const li = h("li", { class: "row line", "data-testid": "line-row" },
      h("button", {
        type: "button", class: "row-main line-toggle", role: "checkbox", "aria-checked": String(line.inCart),
        "aria-disabled": may.check ? null : "true", "data-testid": "line-toggle",
      },
      h("span", { class: "cart-check", "aria-hidden": "true" }),
      text),
      h("span", { class: "qty", role: "group", "aria-label": t("web.shoppingList.line.quantity.label", { name }) },
        h("button", {
          type: "button", class: `qty-button ${line.quantity > 1 ? "qty-minus" : "qty-remove"}`, "data-testid": "qty-minus",
          "aria-label": line.quantity > 1 ? t("web.shoppingList.line.less.label", { name }) : t("web.shoppingList.line.takeOff.label", { name }),
        }),
        h("input", {
          type: "text", class: "qty-input", inputmode: "numeric", maxlength: "3", autocomplete: "off", enterkeyhint: "done",
          value: String(line.quantity), "aria-label": t("web.shoppingList.line.quantityInput.label", { name }), "data-testid": "qty-input",
          readonly: may.edit ? null : "",
        }),
        h("button", {
          type: "button", class: "qty-button qty-plus", "data-testid": "qty-plus", "aria-label": t("web.shoppingList.line.more.label", { name }),
          "aria-disabled": line.quantity >= MAX_QUANTITY ? "true" : "false",
        })),
      h("span", {
        class: line.cost ? "line-cost" : "line-cost unpriced", "data-testid": "line-cost",
        text: line.cost ? priceText(line.cost) : "–", title: line.cost ? null : t("web.shoppingList.line.noPrice.title"),
      }, line.cost ? null : h("span", { class: "vh", text: t("web.shoppingList.line.noPrice") })));
    li.dataset.itemId = line.item.id;
    li.dataset.itemName = name;
    li.dataset.inCart = String(line.inCart);
    markPending(li, !!(line._pending || line.item?._pending), li.querySelector(".line-name"));
    return li;
  }

  /** The row of an entry deleted elsewhere, under which its conflict shows (Restore puts it back). */
  function ghostRow(conflict) {
    const name = store.catalogue()?.byId.get(conflict.target.id)?.name ?? t("web.shoppingList.ghost.name");
    const li = h("li", { class: "row line ghost-line", "data-testid": "ghost-row" },
      h("span", { class: "row-text" }, h("span", { class: "line-name", text: name })));
    li.dataset.itemName = name;
    li._conflictID = `ghost ${conflict.id}`;
    return li;
  }

  /** A conflict under its row, as an item of the list. */
  function conflictItem(conflict) {
    const panel = conflictRow(conflict);
    const li = panel.tagName === "LI" ? panel : h("li", { class: "row-conflict-item" }, panel);
    li._conflictID = conflict.id;
    return li;
  }

  const signature = (l) => {
    const c = conflictOf(l);
    return `${l.item.id}|${l.item.revision}|${l.item.name}|${l.inCart}|${l.quantity}|${l.cost?.formatted ?? l.cost?.amount ?? ""}|`
      + `${l.item.price?.formatted ?? l.item.price?.amount ?? ""}|${l.item.unit ?? ""}|${l.item.category ?? ""}|${may.check}|${may.edit}|`
      + `${!!(l._pending || l.item?._pending)}|${c ? `${c.id}:${c.message}` : ""}`;
  };

  /** Paints the list from the store, replacing only the rows whose line changed. */
  function paint() {
    if (!id || !alive()) return;
    const contents = store.shoppingList(id);
    if (!contents) {
      if (seen) gone();
      return;
    }
    seen = true;
    setTitle(contents.list.name);
    applyRole(contents.list);
    const shown = contents.lines;
    picker.update(contents, may);
    const focus = captureFocus();
    const old = new Map();
    const oldConflicts = new Map();
    for (const li of lines.querySelectorAll(":scope > section > ul > li")) {
      if (li._conflictID) oldConflicts.set(li._conflictID, li);
      else old.set(li.dataset.itemId, li);
    }
    /** The rows of some lines, each with its conflict under it. */
    const rowsOf = (group, headed = false) => {
      const rows = [];
      for (const line of group) {
        const existing = old.get(line.item.id);
        const sig = `${signature(line)}|${headed}`;
        let li = existing;
        if (!existing || existing._signature !== sig) {
          li = row(line, headed);
          li._signature = sig;
          // Keep what the user is typing in a quantity field.
          const typing = existing?.querySelector(".qty-input");
          if (typing && typing === document.activeElement) li.querySelector(".qty-input").replaceWith(typing);
        }
        rows.push(li);
        const conflict = conflictOf(line);
        if (conflict) rows.push(oldConflicts.get(conflict.id) ?? conflictItem(conflict));
      }
      return rows;
    };
    const shownIDs = new Set(shown.map((line) => line.item.id));
    const { grouped, sections, cart } = aisleSections(shown, contents.shop);
    const parts = sections.map((section) => ({
      key: grouped ? `aisle ${section.key}` : "lines", title: section.title, category: section.key,
      rows: rowsOf(section.lines, grouped && section.key !== ""),
    }));
    // Conflicts about this list's entries that have no line any more (deleted on another device
    // before this device's edit reached it): the item's name, and the conflict under it.
    const loose = (store.conflicts() ?? []).filter((c) => c.target?.kind === "entry" && sameID(c.target.listID, id)
      && !shownIDs.has(c.target.id));
    if (loose.length > 0) {
      const rows = [];
      for (const conflict of loose) {
        const ghost = oldConflicts.get(`ghost ${conflict.id}`) ?? ghostRow(conflict);
        rows.push(ghost, oldConflicts.get(conflict.id) ?? conflictItem(conflict));
      }
      parts.push({ key: "loose", title: null, rows });
    }
    if (cart.length > 0) parts.push({ key: "cart", title: grouped ? t("web.shoppingList.cart.heading") : null, rows: rowsOf(cart), cart: true });
    const groups = parts.map(groupElement);
    const same = groups.length === lines.children.length && groups.every((el, i) => lines.children[i] === el);
    if (!same) lines.replaceChildren(...groups);
    for (const key of [...groupElements.keys()]) if (!groups.includes(groupElements.get(key))) groupElements.delete(key);
    rowCount = parts.reduce((n, part) => n + part.rows.length, 0);

    const { totals } = contents;
    const currency = store.catalogue()?.currency;
    const busy = shown.some((l) => l._pending);
    total.textContent = totalText(totals?.total, currency ?? totals?.total?.[0]?.currency);
    cartTotal.textContent = totalText(totals?.inCart, totals?.total?.[0]?.currency ?? currency);
    summary.setAttribute("aria-busy", String(busy));
    summary.classList.toggle("stale", busy);
    const n = totals?.unpricedCount ?? 0;
    unpriced.textContent = n > 0 ? t("web.shoppingList.totals.unpriced", { count: n }) : "";
    finish.disabled = !shown.some((l) => l.inCart);

    show(rowCount === 0 ? empty : lines);
    restoreFocus(focus);
  }

  let rowCount = 0;
  let headingCount = 0;
  /** The <section> of each group shown, by key ("aisle <category>", "lines", "loose", "cart"). */
  const groupElements = new Map();

  /** A group's section: its heading (an aisle's or the cart's; none without categories) and rows. */
  function groupElement({ key, title, category, rows, cart: isCart = false }) {
    let group = groupElements.get(key);
    if (!group || group._title !== (title ?? null)) {
      const headingID = `aisle-heading-${++headingCount}`;
      const heading = title ? h("h2", {
        class: "aisle-heading", id: headingID, "data-testid": isCart ? "cart-heading" : "aisle-heading", text: title,
      }) : null;
      const ul = h("ul", {
        class: `group line-group${isCart ? " cart-group" : ""}`, "data-testid": "line-group",
        "aria-labelledby": title ? headingID : null, "aria-label": title ? null : isCart ? t("web.shoppingList.cart.label") : null,
      });
      if (!title && !isCart) ul.setAttribute("aria-labelledby", "nav-title");
      group = h("section", { class: `aisle${isCart ? " aisle-cart" : ""}`, "data-testid": isCart ? "cart" : "aisle" }, heading, ul);
      if (!isCart && category !== undefined) group.dataset.category = category;
      group._title = title ?? null;
      group._ul = ul;
      groupElements.set(key, group);
    }
    const ul = group._ul;
    const same = rows.length === ul.children.length && rows.every((li, i) => ul.children[i] === li);
    if (!same) ul.replaceChildren(...rows);
    return group;
  }

  /** The rows in reading order, across the groups. */
  const allRows = () => [...lines.querySelectorAll(":scope > section > ul > li")];

  /** Which control of which row has the focus (a row repainted gets it back; a row gone, the one now in its place). */
  function captureFocus() {
    const active = document.activeElement;
    if (!active || !lines.contains(active)) return null;
    const li = active.closest("li");
    return { li, itemID: li?.dataset.itemId, testid: active.dataset.testid, index: allRows().indexOf(li) };
  }

  function restoreFocus(focus) {
    if (!focus || lines.contains(document.activeElement)) return;
    const rows = allRows();
    let li = focus.li?.isConnected ? focus.li : null;
    li ??= rows[Math.min(focus.index, rows.length - 1)] ?? null;
    const target = li?.querySelector(`[data-testid="${focus.testid}"]`) || li?.querySelector("button");
    (target || document.getElementById("nav-title")).focus({ preventScroll: true });
  }

  /**
   * Puts the screen's parts in place, swapping only the lines for the empty state (and back):
   * the add field is never taken out of the page, so it keeps its focus (and the keyboard) when
   * the first item goes on an empty list.
   */
  function show(content) {
    const other = content === lines ? empty : lines;
    const root = main();
    if (adder.form.parentElement !== root || !segmented.isConnected || !picker.element.isConnected) {
      root.replaceChildren(segmented, note, adder.form, picker.element, content, summary);
    } else if (!content.isConnected) {
      if (other.isConnected) other.replaceWith(content);
      else summary.before(content);
    }
  }

  /** The list is gone: deleted here or elsewhere, or no longer shared with this user. */
  function gone() {
    const shared = isShared(keptList(id));
    toast(shared ? t("web.checklist.gone.unshared") : t("web.shoppingList.gone.deleted"));
    setCurrentListID(null);
    shell.go(shopPaths.lists(), { replace: true });
  }

  lines.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-item-id]");
    if (!li) return;
    const itemID = li.dataset.itemId;
    const line = store.shoppingList(id)?.lines.find((l) => l.item.id === itemID);
    if (!line) return;
    switch (button.dataset.testid) {
      case "line-toggle":
        if (!may.check) {
          toast(note.textContent);
          break;
        }
        edit(() => store.updateEntry(id, itemID, { inCart: !line.inCart }));
        announce(line.inCart ? t("web.shoppingList.line.outOfCart", { name: line.item.name }) : t("web.shoppingList.line.inCart", { name: line.item.name }));
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
    const line = store.shoppingList(id)?.lines.find((l) => l.item.id === li.dataset.itemId);
    if (!line) return;
    const value = Number.parseInt(input.value.trim(), 10);
    if (!/^\d+$/.test(input.value.trim()) || value < 1 || value > MAX_QUANTITY) {
      input.value = String(line.quantity);
      toast(t("web.shoppingList.line.quantityInvalid", { max: MAX_QUANTITY }), { kind: "error" });
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

  /** Runs a store edit; one the client already knows the server would refuse is said, not queued. */
  function edit(change) {
    try {
      change();
      return true;
    } catch (error) {
      toast(error.message, { kind: "error" });
      return false;
    }
  }

  function setQuantity(line, quantity) {
    if (edit(() => store.updateEntry(id, line.item.id, { quantity }))) announce(t("web.shoppingList.line.quantityChanged", { name: line.item.name, quantity }));
  }

  function takeOff(line) {
    const { item, quantity, inCart } = line;
    if (!edit(() => store.takeOffList(id, item.id))) return;
    announce(t("web.shoppingList.line.takenOff", { name: item.name }));
    toast(t("web.shoppingList.line.takenOff.toast", { name: item.name }), {
      action: t("web.action.undo"),
      timeout: 8000,
      onAction: () => edit(() => {
        store.putOnList(id, item.id, { quantity });
        if (inCart) store.updateEntry(id, item.id, { inCart });
      }),
    });
  }

  // MARK: Loading

  const stop = store.subscribe((topics) => {
    if (!alive()) return;
    if (!id) {
      if (topics.has("shoppingLists")) refresh();
      return;
    }
    for (const topic of topics) {
      if (topic === "catalogue" || topic === "outbox" || topic === "shops" || (topic.startsWith("shoppingList:") && sameID(topic.slice(13), id))) {
        paint();
        return;
      }
    }
  });

  /** Picks the current list (from the kept lists, else loaded), then paints it and catches up. */
  async function refresh() {
    try {
      if (!id) {
        if (!store.shoppingLists()) await store.loadShoppingLists();
        if (!alive() || id) return;
        const list = resolveCurrentList();
        if (!list) {
          showNoLists();
          return;
        }
        id = list.id;
        history.replaceState(history.state, "", shopPaths.list(id));
        document.body.dataset.screen = "shoppingList";
        document.documentElement.dataset.screen = "shoppingList";
        paint();
      }
      setCurrentListID(id);
      // A list made here and not sent yet has nothing on the server to load.
      const kept = store.shoppingList(id)?.list;
      if (kept?._pending && !kept.revision) return;
      await store.loadShoppingList(id);
      if (!alive()) return;
      paint();
      keepCatalogue();
    } catch (error) {
      if (!alive()) return;
      // A 404 for a list the store still shows is one made here and not sent yet: it stays.
      if (error?.status === 404 && id && !store.shoppingList(id)) {
        gone();
        return;
      }
      if (id && store.shoppingList(id)) return; // shown from the store; the banner says offline
      if (isOffline(error)) showNotOffline();
      else shell.showLoadError(error, () => shell.render({ direction: "none" }));
    }
  }

  function showNoLists() {
    setNav({ left: [backButton(t("web.shoppingList.back"), () => shell.up())], title: t("web.shoppingList.noLists.title"), right: [] });
    main().replaceChildren(segmented, h("div", { class: "empty", "data-testid": "no-lists" },
      h("p", { text: t("web.shoppingList.noLists") }),
      h("button", { type: "button", class: "plain-button", text: t("web.shoppingLists.empty.add"), onclick: () => shell.go(shopPaths.newList()) }),
      firstRunHint()));
  }

  function showNotOffline() {
    main().replaceChildren(segmented, notOffline());
  }

  let ready;
  if (!id && store.shoppingLists()) {
    const list = resolveCurrentList();
    if (list) {
      id = list.id;
      history.replaceState(history.state, "", shopPaths.list(id));
    }
  }
  if (id && store.shoppingList(id)) {
    setCurrentListID(id);
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = shell.showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }

  return {
    ready,
    refresh,
    /** The store tells this screen what changed (live changes included). */
    wants: () => false,
    dispose() {
      stop?.();
      adder.dispose();
      picker.dispose();
    },
  };
}

/**
 * The add field: a combobox that offers catalogue items matching what is typed (ignoring case
 * and accents). Enter or Add puts the highlighted item, or the item with exactly that name, on
 * the list; only a name the catalogue does not have yet makes a new item. Pasting several lines
 * puts one item on the list per line. What was typed is cleared only once the store has queued
 * it, and the field keeps the focus (and the phone its keyboard) for the next item.
 */
function addField(listID, shared) {
  const input = h("input", {
    type: "text", id: "add-line", class: "text-field add-input", placeholder: t("web.shoppingList.add.placeholder"), maxlength: 200,
    autocomplete: "off", autocapitalize: "sentences", spellcheck: "false", enterkeyhint: "done", role: "combobox",
    "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": "add-suggestions",
    "aria-label": t("web.shoppingList.add.placeholder"), "data-testid": "add-line-input",
  });
  const submit = h("button", { type: "submit", class: "plain-button small", "data-testid": "add-line-button", text: t("web.shoppingList.add.button") });
  const listbox = h("ul", {
    id: "add-suggestions", class: "suggestions", role: "listbox", "aria-label": t("web.shoppingList.add.suggestions"),
    "data-testid": "suggestions", hidden: true,
  });
  const form = h("form", { class: "group add-form", "data-testid": "add-line-form", novalidate: true },
    h("div", { class: "row field-row" }, input, submit), listbox);
  // A tap on Add must not take the focus (and the phone's keyboard) from the field.
  submit.addEventListener("pointerdown", (event) => event.preventDefault());

  let options = [];
  let active = -1;
  let searching = 0;

  /** Catalogue items matching `text`: from the kept catalogue, else the store's search. */
  async function search(text) {
    const query = fold(text);
    if (shared()) return []; // the user's catalogue is not the owner's: its items can't go on this list
    const catalogue = store.catalogue();
    if (catalogue) return matching(catalogue.items, query, SUGGESTIONS);
    const found = await store.searchCatalogue(text, SUGGESTIONS);
    const items = Array.isArray(found) ? found : found?.items ?? [];
    const starts = items.filter((i) => searchKey(i).startsWith(query));
    return starts.concat(items.filter((i) => !starts.includes(i)));
  }

  /** The line for a catalogue item or a name on the list as shown, if it is on it. */
  function lineFor({ itemID, name }) {
    const lines = store.shoppingList(listID())?.lines ?? [];
    const key = name === undefined ? null : fold(name);
    return lines.find((l) => (itemID ? l.item.id === itemID : fold(l.item.name) === key)) ?? null;
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
    listbox.replaceChildren(...items.map((item, index) => {
      const on = !!lineFor({ itemID: item.id });
      const li = h("li", {
        id: `add-suggestion-${index}`, class: "suggestion", role: "option", "aria-selected": "false",
        "data-testid": "suggestion",
      },
      h("span", { class: "suggestion-name", text: item.name }),
      on ? h("span", { class: "suggestion-note", text: t("web.shoppingList.add.onTheList") }) : null,
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
    const turn = ++searching;
    if (!text) {
      close();
      return;
    }
    try {
      const items = await search(text);
      if (turn === searching && input.value.trim() === text && document.activeElement === input) show(items);
    } catch {
      // No suggestions (offline before the catalogue was kept): a name typed is still added.
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
    if (item) added(() => addItem(item), true);
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const item = active >= 0 ? options[active] : null;
    const text = input.value.trim();
    if (!item && !text) return;
    added(() => (item ? addItem(item) : addText(text)), true);
  });

  // Several lines pasted: one item per line (a single line is pasted into the field as usual).
  input.addEventListener("paste", (event) => {
    const pasted = event.clipboardData?.getData("text/plain") ?? "";
    const names = pasted.split(/\r\n|\r|\n/).map((l) => l.replace(/^\s*(?:[-*•]|\[[ xX]?\])\s+/, "").trim()).filter(Boolean);
    if (names.length < 2) return;
    event.preventDefault();
    const left = [];
    for (const name of names) {
      try {
        addText(name);
      } catch (error) {
        left.push(name);
        toast(error.message, { kind: "error" });
      }
    }
    // What could not be added stays in the field, so nothing typed is lost.
    input.value = left.join(", ");
    close();
    input.focus();
    if (names.length > left.length) announce(t("web.shoppingList.add.addedCount", { count: names.length - left.length }));
  });

  /** Runs an add; the field is cleared only when it was queued, and keeps the focus either way. */
  function added(add, clear) {
    searching++;
    try {
      add();
      if (clear) input.value = "";
    } catch (error) {
      toast(error.message, { kind: "error" });
    }
    close();
    input.focus();
  }

  function addText(text) {
    const id = listID();
    const line = lineFor({ name: text });
    if (line) {
      toast(t("web.shoppingList.add.already.toast", { name: line.item.name }));
      announce(t("web.shoppingList.add.already", { name: line.item.name }));
      return;
    }
    if (shared()) {
      addToShared(id, text);
      return;
    }
    const existing = store.catalogue()?.items.find((i) => searchKey(i) === fold(text));
    if (existing) store.putOnList(id, existing.id);
    else store.putNamedOnList(id, text);
    announce(t("web.shoppingList.add.added", { name: existing?.name ?? text }));
  }

  /**
   * A name added to a list someone shared: the owner's catalogue (not this user's) finds or makes
   * the item, so the server is asked by name. The store has no queued kind for that yet (it
   * matches names in this user's catalogue), so it needs a connection: offline it is said, and
   * what was typed stays in the field.
   */
  function addToShared(id, text) {
    if (!store.online) throw new Error(t("web.shoppingList.add.sharedOffline"));
    store.addEntryByName(id, text)
      .then(() => store.loadShoppingList(id))
      .then(() => announce(t("web.shoppingList.add.added", { name: text })), (error) => {
        toast(error.detail || error.message, { kind: "error" });
        if (!input.value) input.value = text;
      });
  }

  function addItem(item) {
    const id = listID();
    if (lineFor({ itemID: item.id })) {
      toast(t("web.shoppingList.add.already.toast", { name: item.name }));
      announce(t("web.shoppingList.add.already", { name: item.name }));
      return;
    }
    store.putOnList(id, item.id);
    announce(t("web.shoppingList.add.added", { name: item.name }));
  }

  return {
    form,
    dispose() {
      searching++;
    },
  };
}
