// Choose Icon, for Add and Edit Checklist: the draft's icon is kept until the form saves.
//
// data-testid hooks: icon-choice (data-icon="Groceries", aria-pressed).

import { ICONS } from "/api.js";
import { backButton, h, iconEl, setNav } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { up } from "/app/router.js";
import { listDraft } from "/checklists/checklist-form.js";

/** An icon's name as shown ("No Icon"): the catalogue's `web.icon.noIcon`; one it doesn't know, as the server names it. */
export function iconLabel(name) {
  if (!ICONS.includes(name)) return name;
  const key = name.replace(/ (\w)/g, (_, c) => c.toUpperCase());
  return t("web.icon." + key[0].toLowerCase() + key.slice(1));
}

export function iconScreen({ route, alive }) {
  setNav({ left: [backButton(t("web.chooseIcon.back"), () => up())], title: t("web.chooseIcon.title"), right: [] });

  async function start() {
    const draft = await listDraft(route.id, alive);
    if (!draft || !alive()) return;
    const ul = h("ul", { class: "group icons", "aria-label": t("web.chooseIcon.icons") });
    for (const name of ICONS) {
      const selected = draft.icon === name;
      ul.append(h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main icon-choice", "data-testid": "icon-choice", "data-icon": name,
          "aria-pressed": String(selected), "data-autofocus": selected ? "" : null,
          onclick: () => {
            draft.icon = name;
            up();
          },
        },
        iconEl(name),
        h("span", { class: "row-text", text: iconLabel(name) }),
        selected ? h("span", { class: "checkmark", "aria-hidden": "true", text: "√" }) : "")));
    }
    main().replaceChildren(ul);
  }
  return { ready: start(), dispose() {} };
}
