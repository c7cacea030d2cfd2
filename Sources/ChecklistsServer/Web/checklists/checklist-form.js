// Add Checklist and Edit Checklist (name, icon, Share…, Delete); for a list someone shared, who
// owns it and Leave List. A save answered 412 shows the fields both sides changed (conflicts.js).
//
// data-testid hooks: list-form, list-name-input, icon-row, delete-list-button, form-error,
// share-row, leave-list; the nav bar's cancel and done.

import { api, ICONS } from "/api.js";
import { backButton, h, iconEl, navButton, setNav } from "/views.js";
import { main } from "/shell.js";
import { isShared, leaveList, shareRow, sharedInfo } from "/sharing.js";
import { FieldConflicts, placeAfter, quoted, staleConflicts } from "/conflicts.js";
import { go, notFoundContent, render, showLoadError, up } from "/app/router.js";
import { noteError } from "/app/connection.js";
import { LAST_LIST_KEY, paths } from "/checklists/checklist-paths.js";
import { byName, deleteList, store } from "/checklists/checklist-data.js";

/** Add/Edit Checklist drafts kept while Choose Icon is open: "new" or list id → {name, icon}. */
export const listDrafts = new Map();

/** Forgets the drafts (on leaving the forms for a list screen). */
export const clearListDrafts = () => listDrafts.clear();

export function listFormScreen({ route, alive }) {
  const id = route.id;
  const key = id ?? "new";
  const isNew = !id;
  const form = h("form", { class: "form", id: "list-form", "data-testid": "list-form", novalidate: true });
  const done = h("button", { type: "submit", form: "list-form", class: "nav-button strong", "data-testid": "done", text: "Done", disabled: true });
  setNav({
    left: [navButton("Cancel", "cancel", () => {
      listDrafts.delete(key);
      up();
    })],
    title: isNew ? "Add Checklist" : "Edit Checklist",
    right: [done],
  });

  const input = h("input", {
    type: "text", id: "list-name", class: "text-field", placeholder: "Name of the List", maxlength: 200,
    autocomplete: "off", enterkeyhint: "done", "aria-label": "Name", "data-testid": "list-name-input", "data-autofocus": "",
  });
  const error = h("p", { class: "form-error", id: "list-error", role: "alert", "data-testid": "form-error" });
  const iconName = h("span", { class: "row-value" });
  let iconPreview = h("span");
  const iconRow = h("button", { type: "button", class: "row-main", "data-testid": "icon-row" },
    h("span", { class: "row-label", text: "Icon" }), iconName, iconPreview,
    h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" }));
  let original = null;
  let saving = false;

  const draft = () => listDrafts.get(key);
  const update = () => {
    const valid = input.value.trim().length > 0;
    done.disabled = !valid || saving;
    input.setAttribute("aria-invalid", String(!!error.textContent));
  };
  input.addEventListener("input", () => {
    draft().name = input.value;
    error.textContent = "";
    update();
  });
  iconRow.addEventListener("click", () => {
    draft().name = input.value;
    go(paths.icon(id));
  });

  const asForm = (list) => ({ name: list.name, icon: list.icon });
  const changesFrom = (mine, base) => {
    const changes = {};
    if (mine.name !== base.name) changes.name = mine.name;
    if (mine.icon !== base.icon) changes.icon = mine.icon;
    return changes;
  };
  const storeList = (updated) => {
    store.listsETag = null;
    const detail = store.details.get(id);
    if (detail) detail.checklist = { ...detail.checklist, ...updated };
    if (store.lists) store.lists = store.lists.map((l) => (l.id === id ? { ...l, ...updated } : l)).sort(byName);
  };
  let nameGroup = null;
  let iconGroup = null;
  const conflicts = new FieldConflicts({
    place: (field, panel) => placeAfter(field === "name" ? nameGroup : iconGroup, panel),
    take: (field, value) => {
      draft()[field] = value;
      if (field === "name") {
        input.value = value;
      } else {
        iconName.textContent = value;
        const preview = iconEl(value);
        iconPreview.replaceWith(preview);
        iconPreview = preview;
      }
      update();
    },
    resend: () => form.requestSubmit(),
    label: (field) => (field === "name" ? "Name" : "Icon"),
    describe: (field, value) => (field === "name" ? quoted(value) : `the ${value} icon`),
    focusField: (field) => (field === "name" ? input : iconRow).focus(),
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name || saving) return;
    saving = true;
    update();
    error.textContent = "";
    try {
      if (isNew) {
        const list = await api.createList(name, draft().icon);
        store.listsETag = null;
        store.lists = store.lists ? [...store.lists, list].sort(byName) : null;
      } else {
        conflicts.clear();
        let mine = { name, icon: draft().icon };
        let changes = changesFrom(mine, original);
        for (let attempt = 0; Object.keys(changes).length > 0 && attempt < 3; attempt++) {
          try {
            storeList(await api.updateList(id, changes, original.revision));
            break;
          } catch (e) {
            if (e.status !== 412) throw e;
            // Changed elsewhere meanwhile (or only its items): merge what does not collide, show what does.
            const stale = await staleConflicts(e, {
              base: asForm(original), mine, fields: Object.keys(changes), read: asForm,
              load: async () => (await api.list(id)).checklist, unwrap: (body) => body.checklist ?? body,
            });
            if (!alive()) return;
            for (const field of ["name", "icon"]) {
              if (!(field in changes)) conflicts.take(field, stale.theirs[field]);
            }
            original = { ...stale.current, revision: stale.revision ?? stale.current.revision };
            draft().original = original;
            storeList(original);
            if (stale.conflicts.length > 0) {
              saving = false;
              update();
              conflicts.show(stale.conflicts);
              return;
            }
            mine = { name: input.value.trim(), icon: draft().icon };
            changes = changesFrom(mine, original);
          }
        }
      }
      listDrafts.delete(key);
      if (!alive()) return;
      up();
    } catch (e) {
      saving = false;
      if (!alive()) return;
      noteError(e);
      error.textContent = e.isNetwork ? "Can’t reach the server. Try again." : e.detail || e.message;
      update();
      input.focus();
    }
  });

  async function start() {
    if (!draft()) {
      if (isNew) {
        listDrafts.set(key, { name: "", icon: "Folder" });
      } else {
        const cached = store.lists?.find((l) => l.id === id) ?? store.details.get(id)?.checklist;
        let list = cached;
        if (!list) {
          try {
            list = (await api.list(id)).checklist;
          } catch (e) {
            if (!alive()) return;
            noteError(e);
            if (e.status === 404) {
              main().replaceChildren(notFoundContent("This list doesn’t exist."));
              return;
            }
            showLoadError(e, () => render({ direction: "none" }));
            return;
          }
        }
        listDrafts.set(key, { name: list.name, icon: list.icon, original: list });
      }
    }
    if (!alive()) return;
    original = draft().original ?? null;
    if (isShared(original)) {
      sharedListInfo(original);
      return;
    }
    input.value = draft().name;
    iconName.textContent = draft().icon;
    const preview = iconEl(draft().icon);
    iconPreview.replaceWith(preview);
    iconPreview = preview;
    nameGroup = h("ul", { class: "group" }, h("li", { class: "row field-row" }, input));
    iconGroup = h("ul", { class: "group" }, h("li", { class: "row" }, iconRow));
    const groups = [nameGroup, error, iconGroup];
    if (!isNew) {
      const share = await shareRow(original);
      if (!alive()) return;
      if (share) groups.push(share);
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-list-button", text: "Delete Checklist",
          onclick: async () => {
            const list = store.lists?.find((l) => l.id === id) ?? original;
            if (await deleteList(list, null)) {
              listDrafts.delete(key);
              if (alive()) up();
            }
          },
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }

  /** A list someone shared: who owns it, what the role allows, and Leave List. */
  function sharedListInfo(list) {
    listDrafts.delete(key);
    setNav({ left: [backButton("Checklists", () => up())], title: list.name, right: [] });
    main().replaceChildren(sharedInfo(list, { onLeave: async () => {
      if (!(await leaveList(list))) return;
      store.lists = store.lists?.filter((l) => l.id !== list.id) ?? null;
      store.listsETag = null;
      store.details.delete(list.id);
      if (localStorage.getItem(LAST_LIST_KEY) === list.id) localStorage.removeItem(LAST_LIST_KEY);
      if (alive()) up();
    } }));
  }
  return { ready: start(), dispose() {} };
}
