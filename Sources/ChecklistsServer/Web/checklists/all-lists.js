// All Lists: every checklist (the user's and those shared with them), Edit mode to delete.
//
// data-testid hooks: lists (the <ul>), list-row (data-list-id, data-list-name), open-list (the
// row's main button), list-name, list-subtitle, edit-list (ⓘ), delete-list (in edit mode),
// empty-state; the nav bar's edit-mode and add-list.

import { addButton, h, iconEl, navButton, setNav } from "/views.js";
import { main } from "/shell.js";
import { isShared, sharedBadge } from "/sharing.js";
import { go, showLoadError, showLoadingSoon } from "/app/router.js";
import { noteError } from "/app/connection.js";
import { refreshNow } from "/app/live.js";
import { captureFocus, restoreFocus } from "/app/focus.js";
import { paths } from "/checklists/checklist-paths.js";
import { deleteList, loadLists, store } from "/checklists/checklist-data.js";

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
    const list = store.lists.find((l) => l.id === li.dataset.listId);
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
        h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })),
      h("button", {
        type: "button", class: "info-button", "data-testid": "edit-list",
        "aria-label": isShared(list) ? `About ${list.name}, shared by ${list.owner}` : `Edit ${list.name}`,
      }),
    );
    li.dataset.listId = list.id;
    li.dataset.listName = list.name;
    return li;
  }

  function paint(force = false) {
    if (!store.lists) return;
    if (store.lists.length === 0) {
      main().replaceChildren(h("div", { class: "empty", "data-testid": "empty-state" },
        h("p", { text: "No checklists yet." }),
        h("button", { type: "button", class: "plain-button", text: "Add Checklist", onclick: () => go(paths.newList()) })));
      return;
    }
    const focus = captureFocus(ul);
    const signature = (l) => `${l.id}|${l.revision}|${l.name}|${l.icon}|${l.subtitle}|${l.owner}|${l.role}|${editing}`;
    const old = new Map([...ul.children].map((li) => [li.dataset.listId, li]));
    const rows = store.lists.map((l) => {
      const existing = old.get(l.id);
      return !force && existing && existing._signature === signature(l) ? existing : Object.assign(row(l), { _signature: signature(l) });
    });
    const same = rows.length === ul.children.length && rows.every((li, i) => ul.children[i] === li);
    if (!same) ul.replaceChildren(...rows);
    if (!ul.isConnected) main().replaceChildren(ul);
    restoreFocus(ul, focus);
  }

  async function refresh() {
    try {
      const changed = await loadLists();
      if (!alive()) return;
      if (changed || !ul.isConnected) paint();
    } catch (error) {
      if (!alive()) return;
      noteError(error);
      if (!store.lists) showLoadError(error, () => refreshNow());
    }
  }

  let ready;
  if (store.lists) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  return { ready, refresh, dispose() {} };
}
