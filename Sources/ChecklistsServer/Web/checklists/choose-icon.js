// Choose Icon, for Add and Edit Checklist: the draft's icon is kept until the form saves.
//
// data-testid hooks: icon-choice (data-icon="Groceries", aria-pressed).

import { api, ICONS } from "/api.js";
import { backButton, h, iconEl, setNav } from "/views.js";
import { main } from "/shell.js";
import { showLoadFailure, up } from "/app/router.js";
import { store } from "/checklists/checklist-data.js";
import { listDrafts } from "/checklists/checklist-form.js";

export function iconScreen({ route, alive }) {
  const id = route.id;
  const key = id ?? "new";
  setNav({ left: [backButton("Back", () => up())], title: "Choose Icon", right: [] });

  async function start() {
    if (!listDrafts.has(key)) {
      if (!id) {
        listDrafts.set(key, { name: "", icon: "Folder" });
      } else {
        try {
          const list = store.lists?.find((l) => l.id === id) ?? (await api.list(id)).checklist;
          listDrafts.set(key, { name: list.name, icon: list.icon, original: list });
        } catch (e) {
          if (!alive()) return;
          showLoadFailure(e, "This list doesn’t exist.");
          return;
        }
      }
    }
    if (!alive()) return;
    const draft = listDrafts.get(key);
    const ul = h("ul", { class: "group icons", "aria-label": "Icons" });
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
        h("span", { class: "row-text", text: name }),
        selected ? h("span", { class: "checkmark", "aria-hidden": "true", text: "√" }) : "")));
    }
    main().replaceChildren(ul);
  }
  return { ready: start(), dispose() {} };
}
