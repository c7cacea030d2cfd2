// The views screens read (docs/WEB-CLIENT.md): the confirmed state (confirmed.js) with the
// outbox's unsent ops replayed on it through the registry of operations (ops/registry.js), as
// Replicache replays pending mutations on the newest confirmed state.
//
// - Memoised per thing ("checklist:<id>"): the same object comes back until the confirmed
//   record or an op about it changed — only the list an op touches is recomputed, and a list
//   without unsent ops is the confirmed object itself (no copy of 5,000 items).
// - Rows an op touched carry `_pending` (unsent) or `_conflict` (waiting on the user).

import { byListOrder, byName, lineCost, parsePrice, shopOrder, shoppingTotals, subtitle } from "/data/ops-apply.js";
import { operationOf } from "/data/ops/registry.js";
import { TARGETS, sameShopID } from "/data/ops/op-targets.js";
import { indexOf, lineID, state, summaryFields, versions } from "/data/confirmed.js";

/** The outbox whose ops the views replay (the store sets it once: the outbox needs `locate`). */
let outbox = null;
export function useOutbox(value) {
  outbox = value;
}

/** Forgets every memoised view (another user's store was opened). */
export function forgetViews() {
  memo.clear();
}


const memo = new Map(); // key → {version, opsVersion, value}

function memoised(key, compute, deps = []) {
  let version = String(versions.get(key) ?? 0);
  for (const dep of deps) version += ` ${versions.get(dep) ?? 0}`;
  const cached = memo.get(key);
  if (cached && cached.version === version) return cached.value;
  const value = compute();
  memo.set(key, { version, value });
  return value;
}

const flag = (row, op) => {
  if (op.status === "conflict") return { ...row, _pending: row._pending ?? false, _conflict: outbox.conflictOf(op) };
  return { ...row, _pending: true };
};

/** What a view's ops are given besides the view: `flag` marks a row pending or in conflict. */
const applying = { flag };

export function checklistView(id) {
  return memoised(`checklist:${id}`, () => {
    const record = state.lists.get(id);
    const ops = outbox.opsAbout(`checklist:${id}`);
    if (ops.length === 0) return record ? { checklist: record.checklist, items: record.items } : null;
    const v = { id, checklist: record?.checklist ?? null, items: record ? record.items.slice() : [], gone: false };
    v.find = (itemID) => v.items.findIndex((i) => i.id === itemID);
    for (const op of ops) {
      operationOf(op).apply?.(v, op, applying);
      if (v.gone) return null;
    }
    if (!v.checklist) return null;
    const { items } = v;
    const remaining = items.reduce((n, i) => n + (i.checked ? 0 : 1), 0);
    const checklist = { ...v.checklist, itemCount: items.length, remainingCount: remaining, subtitle: subtitle(items.length, remaining) };
    return { checklist, items };
  });
}

/** The list-level ops of a list view (its own create, fields and delete, not its items'). */
const listOp = (op, role) => {
  const operation = operationOf(op);
  return operation.role === role && (operation.target === TARGETS.checklist || operation.target === TARGETS.shoppingList);
};

export function checklistsView() {
  const touched = outbox.listsTouched("checklist");
  return memoised("checklists", () => {
    const base = state.checklists?.checklists ?? null;
    if (touched.size === 0) return base;
    const out = [];
    const seen = new Set();
    let reorder = false;
    for (const summary of base ?? []) {
      seen.add(summary.id);
      if (!touched.has(summary.id)) {
        out.push(summary);
        continue;
      }
      const view = checklistView(summary.id);
      const ops = outbox.opsAbout(`checklist:${summary.id}`);
      if (ops.some((op) => listOp(op, "delete") && op.status !== "conflict")) {
        continue;
      }
      let next = { ...summary, _pending: ops.some((op) => op.status !== "conflict") };
      if (view && state.lists.has(summary.id)) {
        const c = view.checklist;
        Object.assign(next, { name: c.name, icon: c.icon, itemCount: c.itemCount, remainingCount: c.remainingCount, subtitle: c.subtitle });
        if (c.hideChecked !== undefined) next.hideChecked = c.hideChecked;
      } else {
        for (const op of ops) operationOf(op).summary?.(next, op);
      }
      const conflict = ops.find((op) => op.status === "conflict" && (listOp(op, "update") || listOp(op, "delete")));
      if (conflict) next._conflict = outbox.conflictOf(conflict);
      if (next.name !== summary.name) reorder = true;
      out.push(next);
    }
    for (const id of touched) {
      if (seen.has(id)) continue;
      const view = checklistView(id);
      if (!view) continue;
      const ops = outbox.opsAbout(`checklist:${id}`);
      const ghost = ops.find((op) => listOp(op, "update") && op.status === "conflict" && op.conflict?.kind === "deleted");
      if (ghost) {
        out.push({ ...summaryFields(view.checklist), _pending: false, _conflict: outbox.conflictOf(ghost) });
        reorder = true;
        continue;
      }
      if (!ops.some((op) => listOp(op, "create"))) continue;
      out.push({ ...summaryFields(view.checklist), _pending: true });
      reorder = true;
    }
    if (reorder) out.sort(byListOrder);
    return out;
  }, [...touched].map((id) => `checklist:${id}`));
}

export function catalogueView() {
  return memoised("catalogue", () => {
    const base = state.catalogue;
    const ops = outbox.opsAbout("catalogue");
    if (ops.length === 0) {
      if (!base) return null;
      return { currency: base.currency, items: base.items, byId: new Map(base.items.map((i) => [i.id, i])) };
    }
    const currency = base?.currency ?? "EUR";
    const v = { currency, items: base ? base.items.slice() : [], reorder: false };
    v.find = (itemID) => v.items.findIndex((i) => i.id === itemID);
    v.fields = (body) => {
      const out = { ...body };
      if ("price" in body) out.price = parsePrice(body.price, currency);
      if ("unit" in body) out.unit = body.unit || null;
      if ("category" in body) out.category = body.category || null;
      return out;
    };
    for (const op of ops) operationOf(op).apply?.(v, op, applying);
    const items = v.reorder ? v.items.sort(byName) : v.items;
    return { currency, items, byId: new Map(items.map((i) => [i.id, i])) };
  });
}

export function shoppingListView(id) {
  return memoised(`shoppingList:${id}`, () => {
    const record = state.shopping.get(id);
    const ops = outbox.opsAbout(`shoppingList:${id}`);
    const catalogueOps = outbox.opsAbout("catalogue");
    const shopOps = outbox.opsAbout("shops");
    const keptShop = record?.shop ?? null;
    if (ops.length === 0 && catalogueOps.length === 0 && !shopOps.some((op) => sameShopID(op.shopID, keptShop?.id))) {
      return record ? { list: record.list, lines: record.lines, totals: record.totals, shop: keptShop } : null;
    }
    const shop = shownShop(keptShop, ops, shopOps);
    const catalogue = catalogueView();
    let list = record?.list ?? null;
    let lines = record ? record.lines.slice() : [];
    let changedLines = false;
    // Lines show their catalogue item: a pending rename or new price shows on them too.
    if (catalogueOps.length > 0 && catalogue) {
      const deleted = new Set(catalogueOps.filter((op) => operationOf(op).role === "delete" && op.status !== "conflict").map((op) => op.itemID));
      lines = lines.flatMap((line) => {
        if (deleted.has(line.item.id)) {
          changedLines = true;
          return [];
        }
        const item = catalogue.byId.get(line.item.id);
        if (!item || item === line.item || !item._pending) return [line];
        changedLines = true;
        return [{ ...line, item, cost: lineCost(item, line.quantity), _pending: !!item._pending || line._pending }];
      });
    }
    const v = { id, list, lines, changedLines, catalogue, gone: false };
    v.find = (itemID) => v.lines.findIndex((l) => l.item.id === itemID);
    for (const op of ops) {
      operationOf(op).apply?.(v, op, applying);
      if (v.gone) return null;
    }
    ({ list, lines, changedLines } = v);
    if (!list) return null;
    if (!changedLines && record && shop === keptShop) return { list, lines: record.lines, totals: record.totals, shop };
    lines = lines.map((l) => {
      const cost = lineCost(l.item, l.quantity);
      return (l.cost?.minorUnits ?? null) === (cost?.minorUnits ?? null) ? l : { ...l, cost };
    });
    lines.sort(shopOrder(shop));
    const inCartCount = lines.reduce((n, l) => n + (l.inCart ? 1 : 0), 0);
    list = { ...list, entryCount: lines.length, inCartCount, remainingCount: lines.length - inCartCount };
    return { list, lines, totals: shoppingTotals(lines), shop };
  }, ["catalogue", "shops"]);
}

/**
 * The shop a list shows: the one kept with it, or the one picked here and not sent yet, with
 * an order set here and not sent yet. The same object as `kept` when no op touches it.
 */
function shownShop(kept, listOps, shopOps) {
  const env = { kept, shops: shopsView, listShops: () => [...state.listShops.values()].flat() };
  let shop = kept;
  const show = (op) => {
    const operation = operationOf(op);
    if (op.status !== "conflict" && operation.shownShop) shop = operation.shownShop(shop, op, env);
  };
  listOps.forEach(show);
  if (!shop) return null;
  shopOps.forEach(show);
  return shop;
}

/** The user's shops, by name, with the ones made and the orders set here and not sent yet. */
export function shopsView() {
  return memoised("shops", () => {
    const base = state.shops?.shops ?? null;
    const ops = outbox.opsAbout("shops");
    if (ops.length === 0) return base;
    const v = { shops: base ? base.slice() : [] };
    v.find = (shopID) => v.shops.findIndex((s) => sameShopID(s.id, shopID));
    for (const op of ops) if (op.status !== "conflict") operationOf(op).apply?.(v, op, applying);
    return v.shops.sort(byName);
  });
}

export function shoppingListsView() {
  const touched = outbox.listsTouched("shoppingList");
  return memoised("shoppingLists", () => {
    const base = state.shoppingLists?.lists ?? null;
    if (touched.size === 0 && outbox.opsAbout("catalogue").length === 0) return base;
    const out = [];
    const seen = new Set();
    for (const list of base ?? []) {
      seen.add(list.id);
      if (!touched.has(list.id)) {
        out.push(list);
        continue;
      }
      const ops = outbox.opsAbout(`shoppingList:${list.id}`);
      if (ops.some((op) => listOp(op, "delete") && op.status !== "conflict")) continue;
      const view = state.shopping.has(list.id) ? shoppingListView(list.id) : null;
      const next = { ...list, _pending: ops.some((op) => op.status !== "conflict") };
      if (view) {
        const { name, entryCount, inCartCount, remainingCount } = view.list;
        Object.assign(next, { name, entryCount, inCartCount, remainingCount });
      } else {
        for (const op of ops) operationOf(op).summary?.(next, op);
      }
      out.push(next);
    }
    for (const id of touched) {
      if (seen.has(id)) continue;
      const ops = outbox.opsAbout(`shoppingList:${id}`);
      const ghost = ops.find((op) => listOp(op, "update") && op.status === "conflict" && op.conflict?.kind === "deleted");
      if (!ghost && !ops.some((op) => listOp(op, "create"))) continue;
      const view = shoppingListView(id);
      if (view) out.push(ghost ? { ...view.list, _pending: false, _conflict: outbox.conflictOf(ghost) } : { ...view.list, _pending: true });
    }
    out.sort(byName);
    return out;
  }, ["catalogue", ...[...touched].map((id) => `shoppingList:${id}`)]);
}

const aboutItem = (op) => operationOf(op).target === TARGETS.item;

/** Where a thing is: {listID, item} for an item, {line} for an entry; from the views. */
export function locate(kind, id, listID) {
  if (kind === "item") {
    for (const op of outbox.pendingOps()) {
      if (op.itemID === id && aboutItem(op) && operationOf(op).role === "create") return { listID: op.listID };
    }
    for (const [lid, record] of state.lists) {
      const index = indexOf(record.items, id);
      if (index >= 0) return { listID: lid, item: record.items[index], after: index > 0 ? record.items[index - 1].id : null };
    }
    // Deleted elsewhere while an edit of it waits on the user (its row stays, with Restore).
    const waiting = outbox.pendingOps().find((op) => op.itemID === id && op.listID && aboutItem(op));
    return waiting ? { listID: waiting.listID } : null;
  }
  if (kind === "entry") {
    const record = state.shopping.get(listID);
    const index = record ? indexOf(record.lines, id, lineID) : -1;
    return index >= 0 ? { line: record.lines[index] } : null;
  }
  if (kind === "catalogueItem") {
    const index = state.catalogue ? indexOf(state.catalogue.items, id) : -1;
    return index >= 0 ? { item: state.catalogue.items[index] } : null;
  }
  if (kind === "checklist") {
    const record = state.lists.get(id);
    return { checklist: record?.checklist ?? state.checklists?.checklists.find((c) => c.id === id) ?? null };
  }
  if (kind === "shoppingList") {
    return { list: state.shopping.get(id)?.list ?? state.shoppingLists?.lists.find((l) => l.id === id) ?? null };
  }
  if (kind === "shop") {
    const own = state.shops?.shops.find((s) => sameShopID(s.id, id));
    if (own) return { shop: own };
    for (const record of state.shopping.values()) if (record.shop && sameShopID(record.shop.id, id)) return { shop: record.shop };
    return null;
  }
  return null;
}
