// Templates (`/templates`): the user's saved lists ("Packing list", "Weekly chores"), to start a
// new list from (a name, the day it starts: items unchecked, due dates shifted to that day) or to
// delete. Saved from a list's menu ("Save as Template", checklist-menu.js). Templates are
// private and live on the server only (not in the change feed), so this screen needs a
// connection.
//
// data-testid hooks: templates (the <ul>), template-row (data-template-id, data-template-name),
// start-template (the row's main button), template-count, delete-template, templates-empty;
// the start sheet: start-template-dialog, start-name, start-date, start-cancel, start-confirm,
// start-error.

import { backButton, confirmDialog, h, iconEl, navButton, setNav, toast, announce } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { go, showLoadError, showLoadingSoon, up } from "/app/router.js";
import { paths } from "/checklists/checklist-paths.js";
import { notOffline } from "/checklists/checklist-rows.js";

/** A new id; crypto.randomUUID exists only in secure contexts (not plain HTTP on a LAN address). */
function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID().toUpperCase();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((n) => n.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`.toUpperCase();
}
const pad = (n) => String(n).padStart(2, "0");
const todayInput = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Saves a list as a template on the server (its unsent edits are sent first). Resolves to the
 * template (`{id, name, …}`); rejects with the server's message.
 */
export async function saveAsTemplate(list, name = list.name) {
  await store.flush();
  return store.saveTemplate({ checklistID: list.id, name, id: uuid() });
}

/** The Templates screen. */
export function templatesScreen(ctx) {
  const { alive } = ctx;
  let editing = false;
  const editButton = navButton(t("web.action.edit"), "edit-mode", () => {
    editing = !editing;
    editButton.textContent = editing ? t("web.action.done") : t("web.action.edit");
    editButton.setAttribute("aria-pressed", String(editing));
    paint();
  }, { "aria-pressed": "false" });
  setNav({ left: [backButton(t("web.templates.back"), () => up())], title: t("web.templates.title"), right: [editButton] });

  let templates = null;
  const ul = h("ul", { class: "group lists templates", "data-testid": "templates", "aria-label": t("web.templates.title") });
  ul.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-template-id]");
    const template = li && templates?.find((t) => t.id === li.dataset.templateId);
    if (!template) return;
    if (button.dataset.testid === "start-template") startSheet(template, button);
    else if (button.dataset.testid === "delete-template") remove(template);
  });

  function row(template) {
    const li = h("li", { class: "row list-row template-row", "data-testid": "template-row" });
    if (editing) {
      li.append(h("button", {
        type: "button", class: "delete-button", "data-testid": "delete-template", "aria-label": t("web.templates.delete.label", { name: template.name }),
      }));
    }
    const count = template.itemCount ?? 0;
    li.append(h("button", { type: "button", class: "row-main", "data-testid": "start-template", "aria-label": t("web.templates.start.label", { name: template.name }) },
      iconEl(template.icon),
      h("span", { class: "row-text" },
        h("span", { class: "list-name", text: template.name }),
        h("span", { class: "row-sub", "data-testid": "template-count", text: t("web.templates.itemCount", { count }) })),
      h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })));
    li.dataset.templateId = template.id;
    li.dataset.templateName = template.name;
    return li;
  }

  function paint() {
    if (!alive() || !templates) return;
    if (templates.length === 0) {
      main().replaceChildren(h("div", { class: "empty", "data-testid": "templates-empty" },
        h("p", { text: t("web.templates.empty") }),
        h("p", { class: "smart-note", text: t("web.templates.empty.hint") })));
      return;
    }
    ul.replaceChildren(...templates.map(row));
    if (!ul.isConnected) main().replaceChildren(ul);
  }

  async function load() {
    const answer = await store.templates();
    templates = answer.templates ?? [];
    paint();
  }

  async function remove(template) {
    const ok = await confirmDialog({
      title: t("web.templates.delete.title", { name: template.name }),
      message: t("web.templates.delete.message"),
      confirm: t("web.action.delete"),
    });
    if (!ok) return;
    try {
      await store.deleteTemplate(template.id);
    } catch (error) {
      toast(error.isNetwork ? t("web.templates.offline") : error.message, { kind: "error" });
      return;
    }
    announce(t("web.templates.deleted", { name: template.name }));
    templates = templates.filter((t) => t.id !== template.id);
    paint();
  }

  function startSheet(template, opener) {
    const name = h("input", { type: "text", id: "start-name", "data-testid": "start-name", value: template.name, required: true, maxlength: "200", autocomplete: "off" });
    const date = h("input", { type: "date", id: "start-date", "data-testid": "start-date", value: todayInput(), required: true });
    const error = h("p", { class: "form-error", "data-testid": "start-error", role: "alert", hidden: true });
    const confirm = h("button", { type: "submit", class: "confirm-ok", "data-testid": "start-confirm", text: t("web.templates.start.create") });
    const cancel = h("button", { type: "button", class: "confirm-cancel", "data-testid": "start-cancel", text: t("web.action.cancel") });
    const title = h("h2", { class: "confirm-title", id: "start-title", tabindex: "-1", text: t("web.templates.start.title", { name: template.name }) });
    const form = h("form", { class: "confirm-form start-form" },
      title,
      h("label", { class: "start-field", for: "start-name" }, t("web.templates.start.name")), name,
      h("label", { class: "start-field", for: "start-date" }, t("web.templates.start.date")), date,
      h("p", { class: "smart-note", text: t("web.templates.start.hint") }),
      error,
      h("div", { class: "confirm-buttons" }, cancel, confirm));
    const dialog = h("dialog", { class: "confirm start-template", "aria-labelledby": "start-title", "data-testid": "start-template-dialog" }, form);
    const close = () => dialog.open && dialog.close();
    cancel.addEventListener("click", close);
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener?.isConnected) opener.focus();
    }, { once: true });
    const newID = uuid(); // one id for every try: a retried start is the same list (replay-safe)
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const listName = name.value.trim();
      if (!listName) {
        error.textContent = t("web.templates.start.nameMissing");
        error.hidden = false;
        return;
      }
      confirm.disabled = true;
      try {
        const made = await store.startTemplate(template.id, { name: listName, startDate: date.value || todayInput(), id: newID });
        const id = made?.checklist?.id ?? made?.id ?? newID;
        await store.loadChecklists({ force: true }).catch(() => undefined);
        dialog.close();
        toast(t("web.templates.started", { name: listName }));
        if (alive()) go(paths.list(id));
      } catch (failure) {
        error.textContent = failure.isNetwork ? t("web.templates.offline") : failure.message;
        error.hidden = false;
        confirm.disabled = false;
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    name.focus();
    name.select();
  }

  const cancelLoading = showLoadingSoon(alive);
  const ready = load().then(cancelLoading, (error) => {
    cancelLoading();
    if (!alive()) return;
    if (error.isNetwork) main().replaceChildren(notOffline());
    else showLoadError(error, () => go("/templates", { replace: true }));
  });
  return { ready, dispose() {} };
}
