// Shopping Lists (pick the list to shop from, add one) and Add/Edit Shopping List (rename,
// delete).
//
// data-testid hooks: shopping-lists (the <ul>), shopping-list-row (data-list-id,
// data-list-name, data-current="true|false"), open-shopping-list, shopping-list-name,
// shopping-list-subtitle, edit-shopping-list (ⓘ), add-shopping-list; shopping-list-form,
// shopping-list-name-input, delete-shopping-list-button, form-error, done, cancel; list-shared
// (a shared list's "Shared by alice · can check off"); share-row (the owner's Share…);
// shared-info, leave-list (a shared list's edit screen); not-offline; data-pending="true" and a
// pending-mark on a row with an unsent edit, and its conflict (row-conflict) under it.
//
// Both paint from the client store at once and edit through it (new, rename and delete show at
// once, also offline, and are sent when the connection is back).

import { main, shell } from "/shell.js";
import { store } from "/data/store.js";
import { addButton, announce, backButton, confirmDialog, h, navButton, setNav, toast } from "/views.js";
import { t } from "/messages.js";
import { currentListID, setCurrentListID, shopPaths } from "/shopping/shopping-routes.js";
import { conflictRow, fold, isOffline, keptList, markPending, notOffline, sameID } from "/shopping/shopping-views.js";
import { isShared, leaveList, shareRow, sharedBadge, sharedInfo } from "/sharing.js";

/** "3 to get", "All in the cart", "(Empty)". */
function subtitle(list) {
  if (list.entryCount === 0) return t("web.shoppingLists.subtitle.empty");
  if (list.remainingCount === 0) return t("web.shoppingLists.subtitle.allInCart");
  return t("web.shoppingLists.subtitle.toGet", { count: list.remainingCount });
}

export function shoppingListsScreen({ alive }) {
  setNav({
    left: [],
    title: t("web.shoppingLists.title"),
    right: [addButton(t("web.shoppingLists.add"), "add-shopping-list", () => shell.go(shopPaths.newList()))],
  });
  const ul = h("ul", { class: "group lists shopping-lists", "data-testid": "shopping-lists", "aria-label": t("web.shoppingLists.label") });
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
        "aria-label": isShared(list) ? t("web.lists.about.label", { name: list.name, owner: list.owner }) : t("web.shoppingLists.edit.label", { name: list.name }),
      }));
    li.dataset.listId = list.id;
    li.dataset.listName = list.name;
    li.dataset.current = String(current);
    return li;
  }

  const rows = new Map(); // list id → {li, list, current}
  function paint() {
    if (!alive()) return;
    const lists = store.shoppingLists();
    if (!lists) return;
    if (lists.length === 0) {
      rows.clear();
      main().replaceChildren(h("div", { class: "empty", "data-testid": "empty-state" },
        h("p", { text: t("web.shoppingLists.empty") }),
        h("button", { type: "button", class: "plain-button", text: t("web.shoppingLists.empty.add"), onclick: () => shell.go(shopPaths.newList()) })));
      return;
    }
    const focus = shell.captureFocus(ul);
    const current = currentListID();
    const children = [];
    for (const list of lists) {
      const isCurrent = sameID(list.id, current);
      let known = rows.get(list.id);
      if (!known || known.list !== list || known.current !== isCurrent || known.pending !== !!list._pending) {
        const li = row(list, isCurrent);
        markPending(li, !!list._pending, li.querySelector(".list-name"));
        known = { li, list, current: isCurrent, pending: !!list._pending };
        rows.set(list.id, known);
      }
      children.push(known.li);
      const conflict = list._conflict ?? store.conflictFor?.("shoppingList", list.id);
      if (conflict) {
        if (known.conflict?._id !== `${conflict.id}:${conflict.message}`) {
          const panel = conflictRow(conflict);
          known.conflict = panel.tagName === "LI" ? panel : h("li", { class: "row-conflict-item" }, panel);
          known.conflict._id = `${conflict.id}:${conflict.message}`;
        }
        children.push(known.conflict);
      } else {
        known.conflict = null;
      }
    }
    for (const listID of [...rows.keys()]) if (!lists.some((l) => l.id === listID)) rows.delete(listID);
    const same = children.length === ul.children.length && children.every((li, i) => ul.children[i] === li);
    if (!same) ul.replaceChildren(...children);
    if (!ul.isConnected) main().replaceChildren(ul);
    shell.restoreFocus(ul, focus);
  }

  const stop = store.subscribe((topics) => {
    if (topics.has("shoppingLists") || topics.has("outbox")) paint();
  });

  async function refresh() {
    try {
      await store.loadShoppingLists();
      if (alive()) paint();
    } catch (error) {
      if (!alive() || store.shoppingLists()) return; // shown from the store; the banner says offline
      if (isOffline(error)) main().replaceChildren(notOffline());
      else shell.showLoadError(error, () => shell.render({ direction: "none" }));
    }
  }

  let ready;
  if (store.shoppingLists()) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = shell.showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  return { ready, refresh, wants: () => false, dispose: () => stop?.() };
}

/** Asks, then deletes a shopping list; resolves to true when it is gone. */
async function deleteList(list) {
  const count = list.entryCount;
  const ok = await confirmDialog({
    title: t("web.lists.delete.title", { name: list.name }),
    message: count > 0
      ? t("web.shoppingLists.delete.messageEntries", { count })
      : t("web.lists.delete.message"),
    confirm: t("web.action.delete"),
  });
  if (!ok) return false;
  try {
    store.deleteShoppingList(list.id);
  } catch (error) {
    toast(error.message, { kind: "error" });
    return false;
  }
  if (sameID(currentListID(), list.id)) setCurrentListID(null);
  announce(t("web.lists.deleted", { name: list.name }));
  toast(t("web.lists.deleted.toast", { name: list.name }));
  return true;
}

export function shoppingListFormScreen({ route, alive }) {
  const id = route.id;
  const isNew = !id;
  const form = h("form", { class: "form", id: "shopping-list-form", "data-testid": "shopping-list-form", novalidate: true });
  const done = h("button", {
    type: "submit", form: "shopping-list-form", class: "nav-button strong", "data-testid": "done", text: t("web.action.done"), disabled: true,
  });
  setNav({
    left: [navButton(t("web.action.cancel"), "cancel", () => shell.up())],
    title: isNew ? t("web.shoppingListForm.addTitle") : t("web.shoppingListForm.editTitle"),
    right: [done],
  });
  const input = h("input", {
    type: "text", id: "shopping-list-name", class: "text-field", placeholder: t("web.listForm.name.placeholder"), maxlength: 200,
    autocomplete: "off", enterkeyhint: "done", "aria-label": t("web.listForm.name.label"), "aria-describedby": "shopping-list-error",
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

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name || saving) return;
    error.textContent = "";
    // The store shows it at once (also offline) and sends it; a name it knows the server would
    // refuse is said here, and what was typed stays.
    try {
      // Names are unique among the user's own lists, ignoring case (as the server's 409 says).
      const taken = (store.shoppingLists() ?? []).find((l) => !l.owner && !sameID(l.id, id) && fold(l.name) === fold(name));
      if (taken) throw new Error(t("web.shoppingListForm.nameTaken", { name: taken.name }));
      if (isNew) {
        const listID = store.createShoppingList(name);
        saving = true;
        setCurrentListID(listID);
        if (alive()) shell.go(shopPaths.list(listID), { replace: true });
        return;
      }
      // Made on the version the form opened with: a rename elsewhere meanwhile is a conflict.
      if (name !== original.name) store.renameShoppingList(id, name, { base: original.revision });
      saving = true;
      if (alive()) shell.up();
    } catch (e) {
      error.textContent = e.message;
      update();
      input.focus();
    }
  });

  async function start() {
    if (!isNew) {
      original = keptList(id);
      if (!original) {
        try {
          await store.loadShoppingList(id);
          original = keptList(id);
          if (!original) throw Object.assign(new Error(t("web.shoppingListForm.notFound")), { status: 404, detail: t("web.shoppingListForm.notFound") });
        } catch (e) {
          if (!alive()) return;
          if (isOffline(e)) main().replaceChildren(notOffline());
          else shell.showLoadFailure(e, t("web.shoppingListForm.notFound"));
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
          type: "button", class: "row-main destructive centered", "data-testid": "delete-shopping-list-button", text: t("web.shoppingListForm.delete"),
          onclick: async () => {
            const list = keptList(id) ?? original;
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
    setNav({ left: [backButton(t("web.shoppingListForm.back"), () => shell.up())], title: list.name, right: [] });
    main().replaceChildren(sharedInfo(list, { things: "entries", onLeave: async () => {
      if (!(await leaveList(list))) return;
      if (sameID(currentListID(), list.id)) setCurrentListID(null);
      store.loadShoppingLists().catch(() => {});
      if (alive()) shell.go(shopPaths.lists(), { replace: true });
    } }));
  }
  return { ready: start(), dispose() {} };
}
