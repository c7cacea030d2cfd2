// Settings: the currency prices are in (the person's choice, not the server's locale), and
// Import…, which takes any file the server reads (the iPhone app's Checklists.plist, the
// Shopping List app's `items` archive, a JSON backup) and says what it imported.
//
// data-testid hooks: settings, currency-select, relabel-switch, currency-status, import-button,
// import-file (the <input type=file>), import-result, not-offline.
//
// Both need the server (a currency change relabels prices there; an import reads a file there):
// offline the screen says so. After either, the catalogue and lists are read again so every
// screen shows the new prices and what was imported.

import { loadSession, session } from "/api.js";
import { main, shell } from "/shell.js";
import { store } from "/data/store.js";
import { announce, backButton, h, setNav, toast } from "/views.js";
import { t } from "/messages.js";

/** Reads what an import or a currency change touched again, so the screens show it. */
async function reloadAll() {
  const kept = [...(store.shoppingLists() ?? [])].map((l) => l.id).filter((id) => store.shoppingList(id));
  await Promise.all([
    store.loadCatalogue({ force: true }),
    store.loadShoppingLists({ force: true }),
    store.loadChecklists({ force: true }),
    ...kept.map((id) => store.loadShoppingList(id, { force: true }).catch(() => null)),
  ].map((p) => Promise.resolve(p).catch(() => null)));
}

/** What each kind of import file is called (the API's `kind`). */
const KINDS = {
  get checklists() { return t("web.settings.importKind.checklists"); },
  get shopping() { return t("web.settings.importKind.shopping"); },
  get backup() { return t("web.settings.importKind.backup"); },
};

/** "Imported shopping items: 5 added, 2 updated." from the import's answer. */
export function importSummary(answer) {
  const kind = KINDS[answer?.kind] ?? answer?.kind ?? t("web.settings.importKind.file");
  const report = answer?.report && typeof answer.report === "object" ? answer.report : {};
  const words = (key) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  // A checklists import words its own summary; the items file's report is counts.
  if (typeof report.summary === "string" && report.summary) {
    return t("web.settings.imported", { kind, summary: report.summary.replace(/\.$/, "") });
  }
  const parts = [];
  for (const [key, value] of Object.entries(report)) {
    if (typeof value === "number" && value > 0) parts.push(t("web.settings.importCount", { count: value, what: words(key) }));
  }
  return parts.length
    ? t("web.settings.imported", { kind, summary: parts.join(t("common.list.separator")) })
    : t("web.settings.importedNothing", { kind });
}

/** POST /api/v1/import with the file's bytes (the JSON client sends JSON only). */
async function importFile(file) {
  const known = session ?? (await loadSession());
  const headers = { Accept: "application/json", "Content-Type": "application/octet-stream", "Accept-Language": navigator.language || "en" };
  if (known?.csrfToken) headers["X-CSRF-Token"] = known.csrfToken;
  let response;
  try {
    response = await fetch("/api/v1/import", {
      method: "POST", headers, body: await file.arrayBuffer(), cache: "no-store",
    });
  } catch {
    throw Object.assign(new Error(t("web.settings.importOffline")), { isNetwork: true });
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(data?.detail || data?.title || t("web.settings.importFailed", { status: response.status }));
  return data;
}

export function settingsScreen({ alive }) {
  setNav({ left: [backButton(t("web.nav.back"), () => shell.up())], title: t("web.settings.title"), right: [] });

  const select = h("select", { id: "currency", class: "select-field", "data-testid": "currency-select" });
  const relabel = h("input", {
    type: "checkbox", id: "relabel", class: "switch", role: "switch", "data-testid": "relabel-switch", checked: true,
    "aria-describedby": "relabel-hint",
  });
  const status = h("p", { class: "form-hint", role: "status", "data-testid": "currency-status" });
  const file = h("input", {
    type: "file", id: "import-file", class: "vh", "data-testid": "import-file", tabindex: "-1", "aria-hidden": "true",
  });
  const importButton = h("button", {
    type: "button", class: "row-main", "data-testid": "import-button", "aria-describedby": "import-hint",
    onclick: () => file.click(),
  }, h("span", { class: "row-label grow tint-text", text: t("web.settings.importButton") }));
  const result = h("p", { class: "form-hint import-result", role: "status", "data-testid": "import-result" });
  let current = null;

  select.addEventListener("change", async () => {
    const code = select.value;
    if (code === current) return;
    select.disabled = true;
    status.textContent = t("web.settings.changing");
    try {
      const answer = await store.updateSettings({ currency: code, relabelPrices: relabel.checked });
      current = answer?.currency ?? code;
      await reloadAll();
      const name = select.selectedOptions[0]?.textContent ?? code;
      status.textContent = relabel.checked
        ? t("web.settings.relabelled", { currency: name })
        : t("web.settings.notRelabelled", { currency: name });
      announce(status.textContent);
    } catch (error) {
      select.value = current;
      status.textContent = "";
      toast(error.detail || error.message, { kind: "error" });
    } finally {
      select.disabled = false;
    }
  });

  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (!chosen) return;
    result.textContent = t("web.settings.importing", { file: chosen.name });
    importButton.disabled = true;
    try {
      const answer = await importFile(chosen);
      await reloadAll();
      result.textContent = importSummary(answer);
      announce(result.textContent);
    } catch (error) {
      result.textContent = error.message;
    } finally {
      importButton.disabled = false;
    }
  });

  async function start() {
    let answer;
    try {
      answer = await store.settings();
    } catch (error) {
      if (!alive()) return;
      if (error?.isNetwork) {
        main().replaceChildren(h("div", { class: "empty", "data-testid": "not-offline" },
          h("p", { text: t("web.settings.offline") })));
      } else {
        shell.showLoadError(error, () => shell.render({ direction: "none" }));
      }
      return;
    }
    if (!alive()) return;
    current = answer.currency;
    const currencies = answer.currencies?.length ? answer.currencies : [{ code: current, name: current }];
    select.replaceChildren(...currencies.map((c) => h("option", { value: c.code, text: t("web.settings.currencyOption", { name: c.name, code: c.code }) })));
    select.value = current;
    main().replaceChildren(h("div", { class: "form settings", "data-testid": "settings" },
      h("h2", { class: "trips-heading", text: t("web.settings.prices") }),
      h("ul", { class: "group" },
        h("li", { class: "row field-row" }, h("label", { class: "row-label grow", for: "currency", text: t("web.settings.currency") }), select),
        h("li", { class: "row field-row" }, h("label", { class: "row-label grow", for: "relabel", text: t("web.settings.relabel") }), relabel)),
      h("p", { class: "form-hint", id: "relabel-hint", text: t("web.settings.relabelHint") }),
      status,
      h("h2", { class: "trips-heading", text: t("web.settings.import") }),
      h("ul", { class: "group" }, h("li", { class: "row" }, importButton)),
      h("p", { class: "form-hint", id: "import-hint", text: t("web.settings.importHint") }),
      file,
      result));
  }
  return { ready: start(), dispose() {} };
}
