// Shopping Lists (pick the list to shop from, add one) and Add/Edit Shopping List (rename,
// delete).
//
// data-testid hooks: shopping-lists (the <ul>), shopping-list-row (data-list-id,
// data-list-name, data-current="true|false"), open-shopping-list, shopping-list-name,
// shopping-list-subtitle, edit-shopping-list (ⓘ), add-shopping-list; shopping-list-form,
// shopping-list-name-input, delete-shopping-list-button, form-error, done, cancel; list-shared
// (a shared list's "Shared by alice · can check off"); share-row (the owner's Share…);
// shared-info, leave-list (a shared list's edit screen).

import { shopApi } from "/shopping-api.js";
import { main, shell } from "/shell.js";
import { addButton, announce, backButton, confirmDialog, h, navButton, setNav, toast } from "/views.js";
import { currentListID, setCurrentListID, shopPaths } from "/shopping/shopping-routes.js";
import { forgetList, loadLists, shop } from "/shopping-store.js";
import { isShared, leaveList, shareRow, sharedBadge, sharedInfo } from "/sharing.js";
import { FieldConflicts, placeAfter, quoted, staleConflicts } from "/conflicts.js";

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** "3 to get", "All in the cart", "(Empty)". */
function subtitle(list) {
  if (list.entryCount === 0) return "(Empty)";
  if (list.remainingCount === 0) return "All in the cart";
  return `${list.remainingCount} to get`;
}

export function shoppingListsScreen({ alive }) {
  setNav({
    left: [],
    title: "Shopping Lists",
    right: [addButton("Add shopping list", "add-shopping-list", () => shell.go(shopPaths.newList()))],
  });
  const ul = h("ul", { class: "group lists shopping-lists", "data-testid": "shopping-lists", "aria-label": "Shopping lists" });
  ul.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-list-id]");
    if (!li) return;
    const id = li.dataset.listId;
    if (button.dataset.testid === "open-shopping-list") {
      setCurrentListID(id);
      shell.go(shopPaths.list(id));
    } else if (button.dataset.testid === "edit-shopping-list") {
      shell.go(shopPaths.editList(id));
    }
  });

  function row(list, current) {
    const li = h("li", { class: "row list-row", "data-testid": "shopping-list-row" },
      h("button", { type: "button", class: "row-main", "data-testid": "open-shopping-list", "aria-current": current ? "true" : null },
        h("span", { class: "list-current", "aria-hidden": "true" }),
        h("span", { class: "row-text" },
          h("span", { class: "list-name", "data-testid": "shopping-list-name", text: list.name }),
          h("span", { class: "row-sub", "data-testid": "shopping-list-subtitle", text: subtitle(list) }),
          sharedBadge(list)),
        h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })),
      h("button", {
        type: "button", class: "info-button", "data-testid": "edit-shopping-list",
        "aria-label": isShared(list) ? `About ${list.name}, shared by ${list.owner}` : `Rename, share or delete ${list.name}`,
      }));
    li.dataset.listId = list.id;
    li.dataset.listName = list.name;
    li.dataset.current = String(current);
    return li;
  }

  function paint() {
    if (!shop.lists) return;
    if (shop.lists.length === 0) {
      main().replaceChildren(h("div", { class: "empty", "data-testid": "empty-state" },
        h("p", { text: "No shopping lists yet." }),
        h("button", { type: "button", class: "plain-button", text: "New Shopping List", onclick: () => shell.go(shopPaths.newList()) })));
      return;
    }
    const focus = shell.captureFocus(ul);
    const current = currentListID();
    ul.replaceChildren(...shop.lists.map((l) => row(l, l.id === current)));
    if (!ul.isConnected) main().replaceChildren(ul);
    shell.restoreFocus(ul, focus);
  }

  async function refresh() {
    try {
      const changed = await loadLists();
      if (alive() && (changed || !ul.isConnected)) paint();
    } catch (error) {
      if (!alive()) return;
      shell.noteError(error);
      if (!shop.lists) shell.showLoadError(error, () => shell.render({ direction: "none" }));
    }
  }

  let ready;
  if (shop.lists) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = shell.showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  return { ready, refresh, wants: (change) => change.scope === "shoppingList" || change.scope === "sharing", dispose() {} };
}

/** Asks, then deletes a shopping list; resolves to true when it is gone. */
async function deleteList(list) {
  const count = list.entryCount;
  const ok = await confirmDialog({
    title: `Delete “${list.name}”?`,
    message: count > 0
      ? `The list and its ${count === 1 ? "entry" : `${count} entries`} will be deleted; the items stay in your catalogue. This can’t be undone.`
      : "The list will be deleted. This can’t be undone.",
    confirm: "Delete",
  });
  if (!ok) return false;
  try {
    await shopApi.deleteList(list.id);
  } catch (error) {
    if (error.status !== 404) {
      shell.noteError(error);
      toast(error.isNetwork ? "Can’t reach the server. The list was not deleted." : error.detail, { kind: "error" });
      return false;
    }
  }
  forgetList(list.id);
  announce(`Deleted ${list.name}.`);
  toast(`Deleted “${list.name}”.`);
  return true;
}

export function shoppingListFormScreen({ route, alive }) {
  const id = route.id;
  const isNew = !id;
  const form = h("form", { class: "form", id: "shopping-list-form", "data-testid": "shopping-list-form", novalidate: true });
  const done = h("button", {
    type: "submit", form: "shopping-list-form", class: "nav-button strong", "data-testid": "done", text: "Done", disabled: true,
  });
  setNav({
    left: [navButton("Cancel", "cancel", () => shell.up())],
    title: isNew ? "Add Shopping List" : "Edit Shopping List",
    right: [done],
  });
  const input = h("input", {
    type: "text", id: "shopping-list-name", class: "text-field", placeholder: "Name of the List", maxlength: 200,
    autocomplete: "off", enterkeyhint: "done", "aria-label": "Name", "aria-describedby": "shopping-list-error",
    "data-testid": "shopping-list-name-input", "data-autofocus": "",
  });
  const error = h("p", { class: "form-error", id: "shopping-list-error", role: "alert", "data-testid": "form-error" });
  let original = null;
  let saving = false;

  const update = () => {
    done.disabled = saving || input.value.trim().length === 0;
    input.setAttribute("aria-invalid", String(!!error.textContent));
  };
  input.addEventListener("input", () => {
    error.textContent = "";
    update();
  });

  let nameGroup = null;
  const conflicts = new FieldConflicts({
    place: (_, panel) => placeAfter(nameGroup, panel),
    take: (_, value) => {
      input.value = value;
      update();
    },
    resend: () => form.requestSubmit(),
    label: () => "Name",
    describe: (_, value) => quoted(value),
    focusField: () => input.focus(),
  });
  const storeList = (updated) => {
    shop.listsETag = null;
    if (shop.lists) {
      shop.lists = shop.lists.map((l) => (l.id === id ? { ...l, ...updated } : l)).sort((a, b) => byName.compare(a.name, b.name));
    }
    const contents = shop.contents.get(id);
    if (contents) contents.list = { ...contents.list, ...updated };
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name || saving) return;
    saving = true;
    error.textContent = "";
    update();
    try {
      if (isNew) {
        const list = await shopApi.createList(name);
        shop.lists = shop.lists ? [...shop.lists, list].sort((a, b) => byName.compare(a.name, b.name)) : null;
        shop.listsETag = null;
        setCurrentListID(list.id);
        if (alive()) shell.go(shopPaths.list(list.id), { replace: true });
        return;
      }
      conflicts.clear();
      for (let attempt = 0; name !== original.name && attempt < 3; attempt++) {
        try {
          storeList(await shopApi.renameList(id, name, original.revision));
          break;
        } catch (e) {
          if (e.status !== 412) throw e;
          // The list moved on (a tick, an entry, or a rename elsewhere): only a rename is a conflict.
          const stale = await staleConflicts(e, {
            base: { name: original.name }, mine: { name }, fields: ["name"], read: (list) => ({ name: list.name }),
            load: async () => (await shopApi.contents(id)).list, unwrap: (body) => body.list ?? body,
          });
          if (!alive()) return;
          original = { ...stale.current, revision: stale.revision ?? stale.current.revision };
          storeList(original);
          if (stale.conflicts.length > 0) {
            saving = false;
            update();
            conflicts.show(stale.conflicts);
            return;
          }
        }
      }
      if (alive()) shell.up();
    } catch (e) {
      saving = false;
      if (!alive()) return;
      shell.noteError(e);
      error.textContent = e.isNetwork ? "Can’t reach the server. Try again." : e.detail || e.message;
      update();
      input.focus();
    }
  });

  async function start() {
    if (!isNew) {
      original = shop.lists?.find((l) => l.id === id) ?? null;
      if (!original) {
        try {
          original = (await shopApi.contents(id)).list;
        } catch (e) {
          if (!alive()) return;
          shell.showLoadFailure(e, "This shopping list doesn’t exist.");
          return;
        }
      }
      if (!alive()) return;
      if (isShared(original)) {
        sharedListInfo(original);
        return;
      }
      input.value = original.name;
    }
    nameGroup = h("ul", { class: "group" }, h("li", { class: "row field-row" }, input));
    const groups = [nameGroup, error];
    if (!isNew) {
      const share = await shareRow(original);
      if (!alive()) return;
      if (share) groups.push(share);
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-shopping-list-button", text: "Delete List",
          onclick: async () => {
            const list = shop.lists?.find((l) => l.id === id) ?? original;
            if (await deleteList(list) && alive()) shell.up();
          },
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }

  /** A list someone shared: who owns it, what the role allows, and Leave List. */
  function sharedListInfo(list) {
    setNav({ left: [backButton("Lists", () => shell.up())], title: list.name, right: [] });
    main().replaceChildren(sharedInfo(list, { things: "entries", onLeave: async () => {
      if (!(await leaveList(list))) return;
      forgetList(list.id);
      if (alive()) shell.go(shopPaths.lists(), { replace: true });
    } }));
  }
  return { ready: start(), dispose() {} };
}
