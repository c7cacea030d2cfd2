// Building blocks of the Shopping tab's screens: prices as the server formats them, the search
// key for names, the "Shopping List | Items" switch, the current list, and how a row shows that
// an edit is still waiting to be sent (or met someone else's).

import { h } from "/views.js";
import { t } from "/messages.js";
import { shell } from "/shell.js";
import * as conflicts from "/conflicts.js";
import { store } from "/data/store.js";
import { fold } from "/data/ops-apply.js";
import { currentListID, currentShoppingPath, setCurrentListID, shopPaths } from "/shopping/shopping-routes.js";

/**
 * A name or a search as search compares it: without case or accents, so "creme" finds "Crème"
 * and "MILK" finds "Milk" (the server's ShoppingItem.searchKey; one copy, in data/ops-apply.js).
 */
export { fold };

const keys = new WeakMap();
/** An item's name folded for search, computed once per item object. */
export function searchKey(item) {
  let key = keys.get(item);
  if (key === undefined) {
    key = fold(item.name);
    keys.set(item, key);
  }
  return key;
}

/**
 * Catalogue items whose name contains `query` (already folded), those starting with it first,
 * at most `limit` of them.
 */
export function matching(items, query, limit) {
  const starts = [];
  const contains = [];
  for (const item of items) {
    const at = searchKey(item).indexOf(query);
    if (at === 0) starts.push(item);
    else if (at > 0 && contains.length < limit) contains.push(item);
    if (starts.length >= limit) break;
  }
  return starts.concat(contains).slice(0, limit);
}

const formats = new Map();
function currencyFormat(currency) {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(navigator.language || undefined, { style: "currency", currency });
    } catch {
      format = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 });
    }
    formats.set(currency, format);
  }
  return format;
}

/**
 * A price as the server formatted it for this page's language (`formatted`), or formatted here
 * from its exact decimal `amount` when the server left that out. Never goes through a float.
 */
export function priceText(price) {
  if (!price) return "";
  return price.formatted || currencyFormat(price.currency).format(price.amount);
}

/** A total (one price per currency, as the API sends totals) as one line of text. */
export function totalText(prices, currency) {
  if (!prices || prices.length === 0) return currencyFormat(currency || "EUR").format("0");
  return prices.map(priceText).join(" + ");
}

/** The catalogue's currency symbol ("€"), for the price field. */
export function currencySymbol(currency) {
  const part = currencyFormat(currency || "EUR").formatToParts(0).find((p) => p.type === "currency");
  return part ? part.value : currency;
}

/** A price's amount as this page's language writes it ("1,99" in German), for editing. */
export function amountText(price) {
  if (!price) return "";
  const separator = new Intl.NumberFormat(navigator.language || undefined).formatToParts(1.5)
    .find((p) => p.type === "decimal")?.value ?? ".";
  return price.amount.replace(".", separator);
}

/** "Shopping List | Items | Trips": the Shopping tab's screens, as a row of links. */
export function segmentedControl(active) {
  const link = (key, label, path, testid) => {
    const a = h("a", { class: "segment", href: path(), "data-testid": testid, text: label });
    if (key === active) a.setAttribute("aria-current", "page");
    a.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (key !== active) shell.go(path());
    });
    return a;
  };

  return h("nav", { class: "segmented", "aria-label": t("web.shopping.segments.label") },
    link("list", t("web.shopping.segments.list"), currentShoppingPath, "segment-list"),
    link("items", t("web.shopping.segments.items"), shopPaths.items, "segment-items"),
    link("trips", t("web.shopping.segments.trips"), shopPaths.trips, "segment-trips"));
}

// MARK: - The current list

/**
 * The list to show when the Shopping tab opens, from the lists kept on this device: the last one
 * opened here, else the user's own "Shopping List", else their first (before lists others share).
 * Someone whose own lists are all empty while a list shared with them has items (a household's
 * list) gets that one.
 */
export function resolveCurrentList() {
  const lists = store.shoppingLists() || [];
  const stored = currentListID();
  const own = lists.filter((l) => !l.owner);
  const sharedInUse = own.every((l) => l.entryCount === 0)
    ? lists.find((l) => l.owner && l.entryCount > 0)
    : undefined;
  const list = lists.find((l) => sameID(l.id, stored))
    ?? sharedInUse
    ?? own.find((l) => l.name === "Shopping List")
    ?? own[0]
    ?? lists[0];
  setCurrentListID(list ? list.id : null);
  return list ?? null;
}

/** A shopping list's name, from its kept contents or the kept lists. */
export function listName(id) {
  return store.shoppingList(id)?.list.name ?? store.shoppingLists()?.find((l) => sameID(l.id, id))?.name;
}

/** The kept summary or contents' list for `id` (null when this device never saw it). */
export function keptList(id) {
  if (!id) return null;
  return store.shoppingList(id)?.list ?? store.shoppingLists()?.find((l) => sameID(l.id, id)) ?? null;
}

export const sameID = (a, b) => !!a && !!b && a.toUpperCase() === b.toUpperCase();

// MARK: - Waiting and conflicts

/** The small "Waiting to send" mark on a row whose edit is not sent yet. */
export function pendingMark() {
  return h("span", {
    class: "pending-mark", role: "img", "aria-label": t("web.item.pending"), title: t("web.item.pending"),
    "data-testid": "pending-mark",
  });
}

/** Marks `row` as waiting (data-pending and the mark, inside `slot`) or not, in place. */
export function markPending(row, pending, slot = row) {
  const mark = slot.querySelector(":scope > .pending-mark");
  if (pending) {
    row.dataset.pending = "true";
    if (!mark) slot.append(pendingMark());
  } else {
    delete row.dataset.pending;
    mark?.remove();
  }
}

/**
 * A conflict shown under its row, as conflicts.js's rowConflict draws it; until that exists,
 * the same hooks drawn here (row-conflict, row-conflict-message, conflict-keep-mine,
 * conflict-keep-theirs, conflict-restore, conflict-dismiss), resolved through the store.
 */
export function conflictRow(conflict) {
  if (typeof conflicts.rowConflict === "function") return conflicts.rowConflict(conflict);
  const field = conflict.fields?.[0]?.field;
  const button = (text, testid, choice, strong = false) => h("button", {
    type: "button", class: `conflict-button${strong ? " strong" : ""}`, "data-testid": testid, text,
    onclick: () => store.resolve(conflict.id, choice),
  });
  const buttons = conflict.kind === "changed"
    ? [button(t("web.shopping.conflict.keepMine"), "conflict-keep-mine", "mine"), button(t("web.shopping.conflict.keepTheirs"), "conflict-keep-theirs", "theirs", true)]
    : conflict.kind === "deleted"
      ? [button(t("web.shopping.conflict.restore"), "conflict-restore", "restore", true), button(t("web.shopping.conflict.dismiss"), "conflict-dismiss", "dismiss")]
      : [button(t("web.shopping.conflict.dismiss"), "conflict-dismiss", "dismiss", true)];
  const panel = h("div", {
    class: "conflict row-conflict", role: "group", "aria-label": conflict.message, "data-testid": "row-conflict",
    dataset: { kind: conflict.kind, ...(field ? { field } : {}) },
  },
  h("p", { class: "conflict-message", "data-testid": "row-conflict-message", text: conflict.message }),
  h("div", { class: "conflict-actions" }, ...buttons));
  return panel;
}

/** "Not available offline": a screen this device has nothing kept for, while offline. */
export function notOffline() {
  return h("div", { class: "empty", "data-testid": "not-offline" },
    h("p", { text: t("web.screen.notOffline") }));
}

/** Whether a failed load means "offline" (the store's ApiError says so). */
export const isOffline = (error) => !!error?.isNetwork;
