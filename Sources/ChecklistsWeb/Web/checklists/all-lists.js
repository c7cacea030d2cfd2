// All Lists: every checklist (the user's and those shared with them), Edit mode to delete.
// It paints from the store at once (offline too) and loads in the background; only rows whose
// summary changed are built again (the store's views keep their identity until they change).
//
// Above the lists: a search field (opens Search, search.js) and the smart lists with their
// counts (Today, Scheduled, Overdue, Flagged, All: smart-lists.js), read from the server again
// on every change the store or the event stream reports, and from the store when offline.
// Below them: New from Template (templates.js).
//
// data-testid hooks: lists (the <ul>), list-row (data-list-id, data-list-name, data-pending),
// open-list (the row's main button), list-name, list-subtitle, edit-list (ⓘ), delete-list (in
// edit mode), pending-mark, row-conflict (under its row), empty-state, not-offline; the nav
// bar's edit-mode and add-list; lists-search-form, lists-search; smart-tiles, smart-tile
// (data-kind, data-count), smart-count, smart-name; new-from-template.

import { addButton, announce, confirmDialog, h, iconEl, navButton, setNav, toast } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { rowConflict } from "/conflicts.js";
import { isShared, sharedBadge } from "/sharing.js";
import { go, showLoadError, showLoadingSoon } from "/app/router.js";
import { captureFocus, restoreFocus } from "/app/focus.js";
import { LAST_LIST_KEY, paths } from "/checklists/checklist-paths.js";
import { notOffline, pendingMark } from "/checklists/checklist-rows.js";
import { SMART_KINDS, SMART_NAMES, onChecklistChanges, smartCounts } from "/checklists/smart-lists.js";

/** The counts shown last, so All Lists shows them at once when it opens again. */
let lastCounts = null;

const SVG = "http://www.w3.org/2000/svg";
/** The smart lists' symbols (24×24 outlines), drawn white on their coloured circle. */
const SYMBOLS = {
  today: ["M4 6h16v14H4z", "M4 10h16", "M8 3v4", "M16 3v4"],
  scheduled: ["M12 3a9 9 0 1 0 0.01 0z", "M12 7v5l3 3"],
  overdue: ["M12 3a9 9 0 1 0 0.01 0z", "M12 7v6", "M12 16.5v.5"],
  flagged: ["M6 21V4", "M6 4h11l-2 4 2 4H6"],
  all: ["M4 13l2-8h12l2 8v6H4z", "M4 13h5l1 2h4l1-2h5"],
};
function symbol(kind) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "smart-symbol");
  for (const d of SYMBOLS[kind]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/** The search field and the five smart-list tiles above All Lists; `update()` reads the counts again. */
function smartHeader(alive) {
  const input = h("input", {
    type: "search", class: "search-input", "data-testid": "lists-search", "aria-label": t("web.lists.search.label"),
    placeholder: t("web.lists.search.placeholder"), autocomplete: "off", enterkeyhint: "search",
  });
  const form = h("form", { class: "search-form", role: "search", "data-testid": "lists-search-form" }, input);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const q = input.value.trim();
    if (q) go(`/search?q=${encodeURIComponent(q)}`);
  });
  const tiles = new Map();
  const grid = h("ul", { class: "smart-tiles", "data-testid": "smart-tiles", "aria-label": t("web.lists.smartLists") },
    SMART_KINDS.map((kind) => {
      const count = h("span", { class: "smart-count", "data-testid": "smart-count", text: "" });
      const name = h("span", { class: "smart-name", "data-testid": "smart-name", text: t(SMART_NAMES[kind]) });
      const button = h("button", { type: "button", class: `smart-tile smart-${kind}`, "data-testid": "smart-tile", "data-kind": kind },
        h("span", { class: "smart-badge", "aria-hidden": "true" }, symbol(kind)), count, name);
      button.addEventListener("click", () => go(`/smart/${kind}`));
      tiles.set(kind, { button, count });
      return h("li", { class: "smart-tile-cell" }, button);
    }));
  function show(counts) {
    for (const [kind, { button, count }] of tiles) {
      const n = counts?.[kind];
      count.textContent = n === undefined || n === null ? "" : String(n);
      button.dataset.count = count.textContent;
      button.setAttribute("aria-label", n === undefined || n === null ? t(SMART_NAMES[kind]) : t("web.lists.smartTile.label", { name: t(SMART_NAMES[kind]), count: n }));
    }
  }
  show(lastCounts);
  let token = 0;
  async function update() {
    const mine = ++token;
    try {
      const { counts } = await smartCounts();
      if (mine !== token || !alive()) return;
      lastCounts = counts;
      show(counts);
    } catch {
      /* an older server without smart lists: the tiles show no counts */
    }
  }
  return { node: h("div", { class: "smart-header" }, form, grid), update };
}

export function listsScreen({ alive }) {
  let editing = false;
  const editButton = navButton(t("web.action.edit"), "edit-mode", () => {
    editing = !editing;
    editButton.textContent = editing ? t("web.action.done") : t("web.action.edit");
    editButton.setAttribute("aria-pressed", String(editing));
    paint(true);
  }, { "aria-pressed": "false" });
  setNav({
    left: [editButton],
    title: t("web.lists.title"),
    right: [addButton(t("web.lists.add"), "add-list", () => go(paths.newList()))],
  });

  const ul = h("ul", { class: "group lists", "data-testid": "lists", "aria-label": t("web.lists.title") });
  const header = smartHeader(alive);
  const footer = h("div", { class: "lists-footer" },
    h("button", { type: "button", class: "plain-button", "data-testid": "new-from-template", text: t("web.lists.newFromTemplate"), onclick: () => go("/templates") }));
  /** Shows `content` between the smart lists and the footer (keeping the search field as it is). */
  function show(...content) {
    const nodes = [header.node, ...content, footer];
    const here = main().children;
    if (nodes.length === here.length && nodes.every((n, i) => here[i] === n)) return;
    main().replaceChildren(...nodes);
  }
  ul.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-list-id]");
    if (!li) return;
    const list = (store.checklists() ?? []).find((l) => l.id === li.dataset.listId);
    if (!list) return;
    switch (button.dataset.testid) {
      case "open-list":
        go(paths.list(list.id));
        break;
      case "edit-list":
        go(paths.editList(list.id));
        break;
      case "delete-list":
        deleteList(list, ul);
        break;
    }
  });

  function row(list) {
    const li = h("li", { class: "row list-row", "data-testid": "list-row" });
    if (editing && !isShared(list)) {
      li.append(h("button", {
        type: "button", class: "delete-button", "data-testid": "delete-list", "aria-label": t("web.lists.delete.label", { name: list.name }),
      }));
    }
    li.append(
      h("button", { type: "button", class: "row-main", "data-testid": "open-list" },
        iconEl(list.icon),
        h("span", { class: "row-text" },
          h("span", { class: "list-name", "data-testid": "list-name", text: list.name }),
          h("span", { class: "row-sub", "data-testid": "list-subtitle", text: list.subtitle }),
          sharedBadge(list)),
        list._pending ? pendingMark() : null,
        h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })),
      h("button", {
        type: "button", class: "info-button", "data-testid": "edit-list",
        "aria-label": isShared(list) ? t("web.lists.about.label", { name: list.name, owner: list.owner }) : t("web.lists.edit.label", { name: list.name }),
      }),
    );
    li.dataset.listId = list.id;
    li.dataset.listName = list.name;
    if (list._pending) li.dataset.pending = "true";
    return li;
  }

  /** The conflict panel under a row, in its own list item. */
  function conflictRow(list) {
    return h("li", { class: "row-conflict-row", "data-conflict-for": list.id }, rowConflict(list._conflict));
  }

  let shownLists = null;
  const rowsByID = new Map(); // list id → {list (the summary it shows), editing, li, conflict}

  function paint(force = false) {
    const lists = store.checklists();
    if (!lists) return false;
    if (lists.length === 0) {
      rowsByID.clear();
      show(h("div", { class: "empty", "data-testid": "empty-state" },
        h("p", { text: t("web.lists.empty") }),
        h("button", { type: "button", class: "plain-button", text: t("web.lists.empty.add"), onclick: () => go(paths.newList()) })));
      return true;
    }
    if (!force && lists === shownLists && ul.isConnected) return true;
    shownLists = lists;
    const focus = captureFocus(ul);
    const nodes = [];
    const seen = new Set();
    for (const list of lists) {
      seen.add(list.id);
      let entry = rowsByID.get(list.id);
      if (force || !entry || entry.list !== list || entry.editing !== editing) {
        entry = { list, editing, li: row(list), conflict: list._conflict ? conflictRow(list) : null };
        rowsByID.set(list.id, entry);
      }
      nodes.push(entry.li);
      if (entry.conflict) nodes.push(entry.conflict);
    }
    for (const id of [...rowsByID.keys()]) if (!seen.has(id)) rowsByID.delete(id);
    const same = nodes.length === ul.children.length && nodes.every((li, i) => ul.children[i] === li);
    if (!same) ul.replaceChildren(...nodes);
    if (!ul.isConnected) show(ul);
    restoreFocus(ul, focus);
    return true;
  }

  const stopLists = store.subscribe((topics) => {
    if (topics.has("checklists") && alive()) paint();
  });
  const stopCounts = onChecklistChanges(() => alive() && header.update());
  header.update();
  const stop = () => {
    stopLists();
    stopCounts();
  };

  let ready;
  if (paint()) {
    ready = Promise.resolve();
    store.loadChecklists().catch(() => undefined); // offline: what is kept shows; the banner says so
  } else {
    const cancel = showLoadingSoon(alive);
    ready = store.loadChecklists().then(
      () => {
        cancel();
        if (alive()) paint();
      },
      (error) => {
        cancel();
        if (!alive() || paint()) return;
        if (error.isNetwork) main().replaceChildren(notOffline());
        else showLoadError(error, () => go(paths.lists(), { replace: true }));
      },
    );
  }
  return { ready, dispose: stop };
}

/** Deletes a list once the user confirmed (sent through the outbox); resolves to whether it was. */
export async function deleteList(list, ul) {
  const count = list.itemCount;
  const ok = await confirmDialog({
    title: t("web.lists.delete.title", { name: list.name }),
    message: count > 0
      ? t("web.lists.delete.messageItems", { count })
      : t("web.lists.delete.message"),
    confirm: t("web.action.delete"),
  });
  if (!ok) return false;
  let next = null;
  if (ul) {
    const li = ul.querySelector(`[data-list-id="${CSS.escape(list.id)}"]`);
    next = li?.nextElementSibling?.dataset.listId ?? li?.previousElementSibling?.dataset.listId ?? null;
  }
  try {
    store.deleteChecklist(list.id);
  } catch (error) {
    toast(error.message, { kind: "error" });
    return false;
  }
  if (localStorage.getItem(LAST_LIST_KEY) === list.id) localStorage.removeItem(LAST_LIST_KEY);
  announce(t("web.lists.deleted", { name: list.name }));
  toast(t("web.lists.deleted.toast", { name: list.name }));
  if (ul) {
    // The store repaints the rows once the delete is kept; focus goes to the next row then.
    const started = Date.now();
    const focusNext = () => {
      if (ul.querySelector(`[data-list-id="${CSS.escape(list.id)}"]`) && Date.now() - started < 2000) {
        setTimeout(focusNext, 16);
        return;
      }
      const target = next && ul.querySelector(`[data-list-id="${CSS.escape(next)}"] [data-testid=open-list]`);
      (target || document.getElementById("nav-title")).focus();
    };
    focusNext();
  }
  return true;
}
