// All Lists: every checklist (the user's and those shared with them), Edit mode to delete.
// It paints from the store at once (offline too) and loads in the background; only rows whose
// summary changed are built again (the store's views keep their identity until they change).
//
// data-testid hooks: lists (the <ul>), list-row (data-list-id, data-list-name, data-pending),
// open-list (the row's main button), list-name, list-subtitle, edit-list (ⓘ), delete-list (in
// edit mode), pending-mark, row-conflict (under its row), empty-state, not-offline; the nav
// bar's edit-mode and add-list.

import { addButton, announce, confirmDialog, h, iconEl, navButton, setNav, toast } from "/views.js";
import { main } from "/shell.js";
import { store } from "/data/store.js";
import { rowConflict } from "/conflicts.js";
import { isShared, sharedBadge } from "/sharing.js";
import { go, showLoadError, showLoadingSoon } from "/app/router.js";
import { captureFocus, restoreFocus } from "/app/focus.js";
import { LAST_LIST_KEY, paths } from "/checklists/checklist-paths.js";
import { notOffline, pendingMark } from "/checklists/checklist-rows.js";

export function listsScreen({ alive }) {
  let editing = false;
  const editButton = navButton("Edit", "edit-mode", () => {
    editing = !editing;
    editButton.textContent = editing ? "Done" : "Edit";
    editButton.setAttribute("aria-pressed", String(editing));
    paint(true);
  }, { "aria-pressed": "false" });
  setNav({
    left: [editButton],
    title: "Checklists",
    right: [addButton("Add checklist", "add-list", () => go(paths.newList()))],
  });

  const ul = h("ul", { class: "group lists", "data-testid": "lists", "aria-label": "Checklists" });
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
        type: "button", class: "delete-button", "data-testid": "delete-list", "aria-label": `Delete ${list.name}`,
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
        "aria-label": isShared(list) ? `About ${list.name}, shared by ${list.owner}` : `Edit ${list.name}`,
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
      main().replaceChildren(h("div", { class: "empty", "data-testid": "empty-state" },
        h("p", { text: "No checklists yet." }),
        h("button", { type: "button", class: "plain-button", text: "Add Checklist", onclick: () => go(paths.newList()) })));
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
    if (!ul.isConnected) main().replaceChildren(ul);
    restoreFocus(ul, focus);
    return true;
  }

  const stop = store.subscribe((topics) => {
    if (topics.has("checklists") && alive()) paint();
  });

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
    title: `Delete “${list.name}”?`,
    message: count > 0
      ? `The list and its ${count === 1 ? "item" : `${count} items`} will be deleted. This can’t be undone.`
      : "The list will be deleted. This can’t be undone.",
    confirm: "Delete",
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
  announce(`Deleted ${list.name}.`);
  toast(`Deleted “${list.name}”.`);
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
