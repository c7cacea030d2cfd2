// The checklist's menu (the "…" button in the nav bar): Hide Ticked (a setting of the list,
// kept on the server as `hideChecked`), Clear Ticked (deletes them, after asking), Uncheck All.
// A plain disclosure (button + group of buttons), not an ARIA menu, so Hide Ticked can carry
// aria-pressed. Save as Template keeps the list (its items unchecked, due dates relative to
// today) as a template to start new lists from (templates.js).
//
// data-testid hooks: list-menu (the button, aria-expanded), list-menu-panel, hide-checked
// (aria-pressed), clear-checked, uncheck-all, save-template.

import { h, toast } from "/views.js";
import { t } from "/messages.js";
import { canCheck, canEditItems } from "/sharing.js";
import { go } from "/app/router.js";
import { saveAsTemplate } from "/checklists/templates.js";

/**
 * - Parameters: `list()` (the checklist shown), `tickedCount()`, and the actions
 *   `hideChecked(value)`, `clearChecked(count)`, `uncheckAll(count)`.
 * - Returns: `{button, update(), close()}`.
 */
export function listMenu({ list, tickedCount, hideChecked, clearChecked, uncheckAll }) {
  const panelID = "list-menu-panel";
  const button = h("button", {
    type: "button", class: "nav-button icon-only list-menu-button", "data-testid": "list-menu",
    "aria-label": t("web.checklist.menu.label"), "aria-expanded": "false", "aria-controls": panelID,
  }, h("span", { class: "menu-dots", "aria-hidden": "true", text: "…" }));
  const hide = h("button", { type: "button", class: "list-menu-item", "data-testid": "hide-checked", "aria-pressed": "false", text: t("web.checklist.menu.hideChecked") });
  const clear = h("button", { type: "button", class: "list-menu-item destructive", "data-testid": "clear-checked", text: t("web.checklist.menu.clearChecked") });
  const uncheck = h("button", { type: "button", class: "list-menu-item", "data-testid": "uncheck-all", text: t("web.checklist.menu.uncheckAll") });
  const saveTemplate = h("button", { type: "button", class: "list-menu-item", "data-testid": "save-template", text: t("web.checklist.menu.saveTemplate") });
  const panel = h("div", {
    class: "list-menu", id: panelID, role: "region", "aria-label": t("web.checklist.menu.label"), "data-testid": "list-menu-panel", hidden: true,
  }, hide, uncheck, clear, saveTemplate);

  const isOpen = () => !panel.hidden;
  function open() {
    update();
    if (!panel.isConnected) document.body.append(panel);
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    hide.focus();
    document.addEventListener("pointerdown", outside, true);
    document.addEventListener("keydown", key, true);
  }
  function close({ focus = false } = {}) {
    if (!isOpen()) return;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    document.removeEventListener("pointerdown", outside, true);
    document.removeEventListener("keydown", key, true);
    if (focus && button.isConnected) button.focus();
  }
  const outside = (event) => {
    if (!panel.contains(event.target) && !button.contains(event.target)) close();
  };
  const key = (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close({ focus: true });
    }
  };
  button.addEventListener("click", () => (isOpen() ? close({ focus: true }) : open()));

  /** Brings the buttons up to date with the list (its setting, what the role allows, the ticked count). */
  function update() {
    const shown = list();
    const ticked = tickedCount();
    button.hidden = !shown || !canCheck(shown);
    hide.setAttribute("aria-pressed", String(!!shown?.hideChecked));
    hide.hidden = !canEditItems(shown);
    clear.hidden = !canEditItems(shown);
    clear.setAttribute("aria-disabled", String(ticked === 0));
    uncheck.setAttribute("aria-disabled", String(ticked === 0));
  }

  hide.addEventListener("click", () => {
    const shown = list();
    if (!shown) return;
    hideChecked(!shown.hideChecked);
    close({ focus: true });
  });
  clear.addEventListener("click", () => {
    const count = tickedCount();
    if (count === 0) return;
    close({ focus: true });
    clearChecked(count);
  });
  uncheck.addEventListener("click", () => {
    const count = tickedCount();
    if (count === 0) return;
    close({ focus: true });
    uncheckAll(count);
  });

  saveTemplate.addEventListener("click", async () => {
    const shown = list();
    if (!shown) return;
    close({ focus: true });
    try {
      const template = await saveAsTemplate(shown);
      toast(t("web.checklist.menu.savedTemplate", { name: template?.name ?? shown.name }), { action: t("web.checklist.menu.showTemplate"), onAction: () => go("/templates") });
    } catch (error) {
      toast(error.isNetwork ? t("web.checklist.menu.templateOffline") : error.message, { kind: "error" });
    }
  });

  return {
    button,
    update,
    close() {
      close();
      panel.remove();
    },
  };
}
