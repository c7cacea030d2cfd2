// Smart lists (Today, Scheduled, Overdue, Flagged, All): unchecked items of every list the user
// owns or is shared, as Reminders gathers them. Online from the server (GET
// /api/v1/smart-lists/{kind}?tz=); offline computed from what the store keeps, with a note when
// some lists were never opened on this device (their items are not kept). Checking an item goes
// through the persistent outbox, like the checklist screen.
//
// data-testid hooks: smart-groups (the screen's content), smart-group (data-group: a list id or
// a day "YYYY-MM-DD"), smart-group-title (opens the list, in list groups), smart-row
// (data-item-id, data-list-id, data-checked), smart-toggle (role=checkbox), smart-open (the row's
// text: opens its list), smart-row-list (the list's name), smart-row-due, smart-empty,
// smart-offline-note.

import { backButton, formatDue, h, iconEl, setNav, toast } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { sync } from "/data/sync.js";
import { go, notFoundContent, showLoadingSoon, up } from "/app/router.js";
import { paths } from "/checklists/checklist-paths.js";
import { canCheck } from "/sharing.js";

/** The five smart lists, in All Lists' order. */
export const SMART_KINDS = ["today", "scheduled", "overdue", "flagged", "all"];
/** The keys of their names, as the server names them (`t(SMART_NAMES[kind])`). */
export const SMART_NAMES = {
  today: "common.smartList.today", scheduled: "common.smartList.scheduled", overdue: "common.smartList.overdue",
  flagged: "common.smartList.flagged", all: "common.smartList.all",
};

/** The device's time zone (IANA), sent as `tz` so "today" is the user's today. */
export const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return "";
  }
};

function endOfToday(now = new Date()) {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

/** Whether an unchecked item belongs in a smart list (the server's definitions, in local time). */
export function inSmartList(kind, item, now = Date.now()) {
  if (item.checked) return false;
  const due = item.dueDate ? Date.parse(item.dueDate) : NaN;
  switch (kind) {
    case "today":
      return !Number.isNaN(due) && due < endOfToday(new Date(now));
    case "scheduled":
      return !Number.isNaN(due);
    case "overdue":
      return !Number.isNaN(due) && due < now;
    case "flagged":
      return !!item.flagged;
    case "all":
      return true;
    default:
      return false;
  }
}

/**
 * What the store keeps, gathered into smart lists: `{items: [item + checklist], missing}`, where
 * `missing` counts the lists never opened on this device (their items are not here).
 */
export function localSmartList(kind, now = Date.now()) {
  const lists = store.checklists() ?? [];
  const items = [];
  let missing = 0;
  for (const list of lists) {
    const view = store.checklist(list.id);
    if (!view) {
      if ((list.remainingCount ?? 1) > 0) missing += 1; // a list with nothing left to do misses nothing
      continue;
    }
    for (const item of view.items) {
      if (inSmartList(kind, item, now)) items.push({ ...item, checklist: { id: list.id, name: list.name, icon: list.icon } });
    }
  }
  return { items: sortSmart(kind, items, lists), missing };
}

/** The counts of the five smart lists from what the store keeps: `{counts: {kind: n}, missing}`. */
export function localSmartCounts(now = Date.now()) {
  const counts = Object.fromEntries(SMART_KINDS.map((kind) => [kind, 0]));
  let missing = 0;
  for (const list of store.checklists() ?? []) {
    const view = store.checklist(list.id);
    if (!view) {
      // All Lists' summary still knows how many are left; the rest needs the items.
      counts.all += list.remainingCount ?? 0;
      if ((list.remainingCount ?? 0) > 0) missing += 1;
      continue;
    }
    for (const item of view.items) {
      for (const kind of SMART_KINDS) if (inSmartList(kind, item, now)) counts[kind] += 1;
    }
  }
  return { counts, missing };
}

function sortSmart(kind, items, lists) {
  const order = new Map(lists.map((l, i) => [l.id, i]));
  const position = new Map();
  for (const item of items) if (!position.has(item.id)) position.set(item.id, position.size);
  const byList = (a, b) => (order.get(a.checklist.id) ?? 0) - (order.get(b.checklist.id) ?? 0) || position.get(a.id) - position.get(b.id);
  if (kind === "flagged" || kind === "all") return items.sort(byList);
  return items.sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate) || byList(a, b));
}

/** The counts from the server (`{counts, missing: 0}`), or from the store when it can't be asked. */
export async function smartCounts() {
  try {
    const answer = await store.smartLists(timeZone());
    const counts = {};
    for (const entry of answer.smartLists ?? []) counts[entry.kind] = entry.count;
    return { counts, missing: 0, server: true };
  } catch (error) {
    if (error.isNetwork) return { ...localSmartCounts(), server: false };
    throw error;
  }
}

/** Calls `fn` (at most every `delay` ms) after the store or the event stream says something changed. */
export function onChecklistChanges(fn, delay = 120) {
  let timer = 0;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(fn, delay);
  };
  const stopStore = store.subscribe((topics) => {
    for (const topic of topics) {
      if (topic === "checklists" || topic.startsWith("checklist:") || topic === "connection") {
        soon();
        return;
      }
    }
  });
  const stopSync = sync.on("change", (change) => {
    if (!change || change.scope === "checklist" || change.scope === "sharing") soon();
  });
  return () => {
    clearTimeout(timer);
    stopStore();
    stopSync();
  };
}

// MARK: - Days

const dayKey = (date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long" });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/** A day's heading: "Overdue" before today, "Today", "Tomorrow", then "Friday, 4 December". */
function dayTitle(key, now = new Date()) {
  const today = dayKey(now);
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  if (key < today) return t("web.smart.day.overdue");
  if (key === today) return t("web.smart.day.today");
  if (key === dayKey(tomorrow)) return t("web.smart.day.tomorrow");
  const [y, m, d] = key.split("-").map(Number);
  return dayFormat.format(new Date(y, m - 1, d));
}

/** Groups the items: by day for Scheduled (overdue days as one "Overdue" group), else by list. */
function groupItems(kind, items) {
  const groups = [];
  const byKey = new Map();
  const today = dayKey(new Date());
  for (const item of items) {
    let key;
    let title;
    if (kind === "scheduled") {
      const day = dayKey(new Date(item.dueDate));
      key = day < today ? "overdue" : day;
      title = dayTitle(day);
    } else {
      key = item.checklist.id;
      title = item.checklist.name;
    }
    let group = byKey.get(key);
    if (!group) {
      group = { key, title, list: kind === "scheduled" ? null : item.checklist, items: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

// MARK: - The screen

/** The screen of one smart list (`/smart/{kind}`). */
export function smartListScreen(ctx, kind) {
  const { alive } = ctx;
  kind = String(kind ?? "").toLowerCase();
  const name = SMART_NAMES[kind] && t(SMART_NAMES[kind]);
  setNav({ left: [backButton(t("web.smart.back"), () => up())], title: name ?? t("web.smart.notFound.title"), right: [] });
  if (!name) {
    main().replaceChildren(notFoundContent(t("web.smart.notFound", { kind, kinds: SMART_KINDS.join(t("common.list.separator")) })));
    return { ready: Promise.resolve(), dispose() {} };
  }

  /** Items checked here, shown ticked until the list is read again (as Reminders lets them linger). */
  const justChecked = new Map(); // item id → the item as shown
  let shown = null; // {items, missing, server}

  const content = h("div", { class: "smart-screen", "data-testid": "smart-groups", "data-kind": kind });
  content.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.testid === "smart-group-title") {
      go(paths.list(button.dataset.listId));
      return;
    }
    const row = button.closest("[data-item-id]");
    if (!row) return;
    if (button.dataset.testid === "smart-open") go(paths.list(row.dataset.listId));
    else if (button.dataset.testid === "smart-toggle") toggle(row.dataset.itemId, row.dataset.listId);
  });

  async function toggle(itemID, listID) {
    const item = shown?.items.find((i) => i.id === itemID) ?? justChecked.get(itemID);
    if (!item) return;
    const checked = !justChecked.has(itemID);
    try {
      // The outbox needs the item's list kept on this device (its revision, its place).
      if (!store.item(itemID)) await store.loadChecklist(listID);
      store.checkItem(itemID, checked);
    } catch (error) {
      toast(error.isNetwork ? t("web.smart.checkOffline") : error.message, { kind: "error" });
      return;
    }
    if (checked) justChecked.set(itemID, { ...item, checked: true });
    else justChecked.delete(itemID);
    paint();
  }

  function row(item, group) {
    const checked = justChecked.has(item.id);
    const list = (store.checklists() ?? []).find((l) => l.id === item.checklist.id) ?? item.checklist;
    const due = item.dueDate ? new Date(item.dueDate) : null;
    const overdue = due && !checked && due.getTime() < Date.now();
    // Under a day's heading the time says enough; elsewhere (and for overdue ones) the date too.
    const dueText = due ? (kind === "scheduled" && group.key !== "overdue" ? timeFormat.format(due) : formatDue(due)) : "";
    const li = h("li", { class: "row item smart-row", "data-testid": "smart-row" },
      h("button", {
        type: "button", class: "smart-check", role: "checkbox", "aria-checked": String(checked),
        "data-testid": "smart-toggle", "aria-label": item.text, disabled: !canCheck(list),
      }, h("span", { class: checked ? "checkmark" : "check-circle", "aria-hidden": "true", text: checked ? "√" : "" })),
      h("button", { type: "button", class: "row-main smart-open", "data-testid": "smart-open", "aria-label": t("web.smart.row.label", { text: item.text, list: item.checklist.name }) },
        h("span", { class: "row-text" },
          h("span", { class: "item-text", text: item.text }),
          h("span", { class: "row-sub smart-sub" },
            item.flagged ? h("span", { class: "smart-flag", role: "img", "aria-label": t("web.item.flagged"), text: "⚑" }) : null,
            h("span", { class: "smart-row-list", "data-testid": "smart-row-list", text: item.checklist.name }),
            dueText ? h("span", { class: `smart-row-due${overdue ? " overdue" : ""}`, "data-testid": "smart-row-due", text: dueText }) : null)),
        h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })));
    li.dataset.itemId = item.id;
    li.dataset.listId = item.checklist.id;
    li.dataset.checked = String(checked);
    if (checked) li.classList.add("checked");
    return li;
  }

  function paint() {
    if (!shown || !alive()) return;
    // Checked here: kept in their place, ticked, while this screen shows.
    const all = [...shown.items.filter((i) => !justChecked.has(i.id)), ...justChecked.values()];
    const sorted = sortSmart(kind, all, store.checklists() ?? []);
    const nodes = [];
    if (!shown.server) {
      nodes.push(h("p", { class: "smart-note", "data-testid": "smart-offline-note", role: "note" },
        shown.missing > 0
          ? t("web.smart.offline.missing", { count: shown.missing })
          : t("web.smart.offline")));
    }
    if (sorted.length === 0) {
      nodes.push(h("div", { class: "empty", "data-testid": "smart-empty" }, h("p", { text: t("web.smart.empty." + kind) })));
    }
    for (const group of groupItems(kind, sorted)) {
      const heading = group.list
        ? h("h2", { class: "smart-group-heading" },
          h("button", { type: "button", class: "smart-group-title", "data-testid": "smart-group-title", "data-list-id": group.list.id },
            iconEl(group.list.icon), h("span", { text: group.title })))
        : h("h2", { class: "smart-group-heading smart-day", text: group.title });
      nodes.push(h("section", { class: "smart-group", "data-testid": "smart-group", "data-group": group.key },
        heading,
        h("ul", { class: "group smart-items", "aria-label": group.title }, group.items.map((item) => row(item, group)))));
    }
    const focused = document.activeElement?.closest?.("[data-item-id]")?.dataset.itemId;
    const focusedTestid = document.activeElement?.dataset?.testid;
    content.replaceChildren(...nodes);
    if (!content.isConnected) main().replaceChildren(content);
    if (focused && focusedTestid) content.querySelector(`[data-item-id="${CSS.escape(focused)}"] [data-testid="${focusedTestid}"]`)?.focus();
  }

  let token = 0;
  async function load() {
    const mine = ++token;
    let next;
    try {
      const answer = await store.smartList(kind, timeZone());
      next = { items: answer.items ?? [], missing: 0, server: true };
    } catch (error) {
      if (!error.isNetwork) {
        if (mine === token && alive() && !shown) main().replaceChildren(h("p", { class: "empty", text: error.detail || error.message }));
        return;
      }
      await store.loadChecklists().catch(() => undefined);
      next = { ...localSmartList(kind), server: false };
    }
    if (mine !== token || !alive()) return;
    // An edit not sent yet shows as it will be (the store's view of the item, where kept).
    next.items = next.items.map((item) => {
      const kept = store.item(item.id);
      return kept ? { ...item, ...kept, checklist: item.checklist } : item;
    }).filter((item) => inSmartList(kind, item) || justChecked.has(item.id));
    shown = next;
    paint();
  }

  const cancel = showLoadingSoon(alive);
  const ready = load().finally(cancel);
  const stop = onChecklistChanges(() => alive() && load());
  return { ready, dispose: stop };
}
