// Add Checklist and Edit Checklist (name, icon, Share…, Delete); for a list someone shared, who
// owns it and Leave List. Done saves through the store (the outbox sends it, offline too) and
// leaves at once: a new list opens, an edited one goes back. A name the server would refuse is
// said here before anything is queued, and what was typed stays. A conflict with an edit made
// elsewhere shows at the list's row (rowConflict), not here.
//
// data-testid hooks: list-form, list-name-input, icon-row, delete-list-button, form-error,
// share-row, leave-list, not-found, not-offline; the nav bar's cancel and done.

import { backButton, h, iconEl, navButton, setNav } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { sameListName } from "/data/ops-apply.js";
import { isShared, leaveList, shareRow, sharedInfo } from "/sharing.js";
import { go, notFoundContent, showLoadError, up } from "/app/router.js";
import { LAST_LIST_KEY, paths } from "/checklists/checklist-paths.js";
import { notOffline } from "/checklists/checklist-rows.js";
import { deleteList } from "/checklists/all-lists.js";
import { iconLabel } from "/checklists/choose-icon.js";

/** Add/Edit Checklist drafts kept while Choose Icon is open: "new" or list id → {name, icon, original}. */
export const listDrafts = new Map();

/** Forgets the drafts (on leaving the forms for a list screen). */
export const clearListDrafts = () => listDrafts.clear();

/** The list as the store shows it (its summary, or the loaded list), or null. */
export const keptList = (id) => store.checklist(id)?.checklist ?? (store.checklists() ?? []).find((l) => l.id === id) ?? null;

/**
 * The draft for a form ("new" or a list id), made from the store when there is none; loads the
 * list when the store has never seen it. Resolves to the draft, or shows why not and resolves null.
 */
export async function listDraft(id, alive) {
  const key = id ?? "new";
  if (listDrafts.has(key)) return listDrafts.get(key);
  if (!id) {
    listDrafts.set(key, { name: "", icon: "Folder", original: null });
    return listDrafts.get(key);
  }
  let list = keptList(id);
  if (!list) {
    try {
      await store.loadChecklist(id);
    } catch (e) {
      if (!alive()) return null;
      if (e.status === 404) main().replaceChildren(notFoundContent(t("web.listForm.notFound")));
      else if (e.isNetwork) main().replaceChildren(notOffline());
      else showLoadError(e, () => go(location.pathname, { replace: true }));
      return null;
    }
    list = keptList(id);
    if (!list) {
      if (alive()) main().replaceChildren(notFoundContent(t("web.listForm.notFound")));
      return null;
    }
  }
  listDrafts.set(key, { name: list.name, icon: list.icon, original: list });
  return listDrafts.get(key);
}

/** The name of another of the user's own lists called `name` (case ignored), as the server refuses it. */
function takenName(name, exceptID) {
  const other = (store.checklists() ?? []).find((l) => l.id !== exceptID && !isShared(l) && sameListName(l.name, name));
  return other?.name ?? null;
}

export function listFormScreen({ route, alive }) {
  const id = route.id;
  const key = id ?? "new";
  const isNew = !id;
  const form = h("form", { class: "form", id: "list-form", "data-testid": "list-form", novalidate: true });
  const done = h("button", { type: "submit", form: "list-form", class: "nav-button strong", "data-testid": "done", text: t("web.action.done"), disabled: true });
  setNav({
    left: [navButton(t("web.action.cancel"), "cancel", () => {
      listDrafts.delete(key);
      up();
    })],
    title: isNew ? t("web.listForm.addTitle") : t("web.listForm.editTitle"),
    right: [done],
  });

  const input = h("input", {
    type: "text", id: "list-name", class: "text-field", placeholder: t("web.listForm.name.placeholder"), maxlength: 200,
    autocomplete: "off", enterkeyhint: "done", "aria-label": t("web.listForm.name.label"), "aria-describedby": "list-error",
    "data-testid": "list-name-input", "data-autofocus": "",
  });
  const error = h("p", { class: "form-error", id: "list-error", role: "alert", "data-testid": "form-error" });
  const iconName = h("span", { class: "row-value" });
  let iconPreview = h("span");
  const iconRow = h("button", { type: "button", class: "row-main", "data-testid": "icon-row" },
    h("span", { class: "row-label", text: t("web.listForm.icon") }), iconName, iconPreview,
    h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" }));
  let draft = null;

  const update = () => {
    done.disabled = input.value.trim().length === 0;
    input.setAttribute("aria-invalid", String(!!error.textContent));
  };
  input.addEventListener("input", () => {
    draft.name = input.value;
    error.textContent = "";
    update();
  });
  iconRow.addEventListener("click", () => {
    draft.name = input.value;
    go(paths.icon(id));
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name || !draft) return;
    error.textContent = "";
    try {
      const taken = takenName(name, id);
      if (taken) throw new Error(t("web.listForm.nameTaken", { name: taken }));
      if (isNew) {
        const newID = store.createChecklist({ name, icon: draft.icon });
        listDrafts.delete(key);
        // The new list opens in place of the form; Back goes to All Lists.
        go(paths.list(newID), { replace: true });
        return;
      }
      const original = draft.original;
      const changes = {};
      if (name !== original.name) changes.name = name;
      if (draft.icon !== original.icon) changes.icon = draft.icon;
      if (Object.keys(changes).length > 0) store.updateChecklist(id, changes, { base: original.revision });
    } catch (e) {
      // Refused before anything was queued (the server's wording): what was typed stays.
      error.textContent = e.message;
      update();
      input.focus();
      return;
    }
    listDrafts.delete(key);
    up();
  });

  async function start() {
    draft = await listDraft(id, alive);
    if (!draft || !alive()) return;
    const original = draft.original;
    if (isShared(original)) {
      sharedListInfo(original);
      return;
    }
    input.value = draft.name;
    iconName.textContent = iconLabel(draft.icon);
    const preview = iconEl(draft.icon);
    iconPreview.replaceWith(preview);
    iconPreview = preview;
    const groups = [
      h("ul", { class: "group" }, h("li", { class: "row field-row" }, input)),
      error,
      h("ul", { class: "group" }, h("li", { class: "row" }, iconRow)),
    ];
    if (!isNew) {
      const share = await shareRow(original).catch(() => null);
      if (!alive()) return;
      if (share) groups.push(share);
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-list-button", text: t("web.listForm.delete"),
          onclick: async () => {
            const list = (store.checklists() ?? []).find((l) => l.id === id) ?? keptList(id) ?? original;
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
    setNav({ left: [backButton(t("web.checklist.back"), () => up())], title: list.name, right: [] });
    main().replaceChildren(sharedInfo(list, { onLeave: async () => {
      if (!(await leaveList(list))) return;
      if (localStorage.getItem(LAST_LIST_KEY) === list.id) localStorage.removeItem(LAST_LIST_KEY);
      // Left on the server: All Lists, asked again, no longer has it.
      await store.loadChecklists().catch(() => undefined);
      if (alive()) up();
    } }));
  }
  return { ready: start(), dispose() {} };
}
