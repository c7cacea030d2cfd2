// Search across every list and the catalogue (`/search?q=`): GET /api/v1/search?q= answers
// groups by list (in All Lists' order) and the catalogue last; every word of the query is the
// start of a word of the item's text or notes, ignoring case and accents. Offline, the same
// match over what the store keeps, with a note when some lists were never opened here.
//
// data-testid hooks: search-form, search-input, search-results, search-group (data-kind
// "checklist" | "catalogue", data-list-id), search-group-title, search-result (data-item-id,
// data-list-id), search-result-text, search-result-notes, search-empty, search-offline-note;
// matched words are <mark>s.

import { backButton, h, iconEl, setNav } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { fold } from "/data/ops-apply.js";
import { go, up } from "/app/router.js";
import { paths } from "/checklists/checklist-paths.js";
import { shopPaths } from "/shopping/shopping-routes.js";
import { onChecklistChanges } from "/checklists/smart-lists.js";

const WORD = /[\p{L}\p{N}]+/gu;

/** The query's words, folded (no case, no accents). */
export const queryWords = (query) => (fold(query).match(WORD) ?? []);

/** Whether every query word starts a word of one of the texts (the server's rule). */
export function matches(words, ...texts) {
  if (words.length === 0) return false;
  const own = texts.flatMap((text) => fold(text).match(WORD) ?? []);
  return words.every((word) => own.some((w) => w.startsWith(word)));
}

/**
 * `text` as nodes with the starts of words that a query word begins wrapped in <mark>:
 * "creme" marks "Crème" in "Crème brûlée" (the accent is kept in what shows).
 */
export function highlighted(text, words) {
  text = String(text ?? "");
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const token = match[0];
    const folded = fold(token);
    const word = words.filter((w) => folded.startsWith(w)).sort((a, b) => b.length - a.length)[0];
    if (!word) continue;
    // How many characters of the original make up the folded prefix.
    let length = 0;
    let covered = 0;
    for (const ch of token) {
      if (covered >= word.length) break;
      covered += fold(ch).length;
      length += ch.length;
    }
    const start = match.index;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(h("mark", { class: "search-mark", text: text.slice(start, start + length) }));
    last = start + length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** The search over what the store keeps: `{groups, missing}` in the API's shape. */
export function localSearch(query) {
  const words = queryWords(query);
  const groups = [];
  let missing = 0;
  for (const list of store.checklists() ?? []) {
    const view = store.checklist(list.id);
    if (!view) {
      if ((list.itemCount ?? 0) > 0) missing += 1;
      continue;
    }
    const items = view.items.filter((item) => matches(words, item.text, item.notes ?? "")).slice(0, 50);
    if (items.length) groups.push({ kind: "checklist", checklist: { id: list.id, name: list.name, icon: list.icon }, items });
  }
  const catalogue = store.catalogue()?.items ?? [];
  const found = catalogue.filter((item) => matches(words, item.name)).slice(0, 50);
  if (found.length) groups.push({ kind: "catalogue", items: found });
  return { groups, missing };
}

/** A snippet of the notes around the first matched word, one line. */
function notesSnippet(notes, words) {
  const line = String(notes ?? "").replace(/\s+/g, " ").trim();
  if (!line) return "";
  const folded = fold(line);
  let at = -1;
  for (const word of words) {
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u");
    const m = re.exec(folded);
    if (m && (at < 0 || m.index < at)) at = m.index + m[1].length;
  }
  if (at < 0) return "";
  const start = Math.max(0, at - 30);
  return (start > 0 ? "…" : "") + line.slice(start, start + 120);
}

/** The Search screen (`/search?q=`). */
export function searchScreen(ctx, query) {
  const { alive } = ctx;
  query = String(query ?? "");
  setNav({ left: [backButton(t("web.search.back"), () => up())], title: t("web.search.title"), right: [] });

  const input = h("input", {
    type: "search", class: "search-input", "data-testid": "search-input", "aria-label": t("web.lists.search.label"),
    placeholder: t("web.lists.search.placeholder"), value: query, autocomplete: "off", enterkeyhint: "search", "data-autofocus": "",
  });
  // Focused with the words kept, the caret goes after them (to type on).
  input.addEventListener("focus", () => input.setSelectionRange(input.value.length, input.value.length), { once: true });
  const form = h("form", { class: "search-form", role: "search", "data-testid": "search-form" }, input);
  const results = h("div", { class: "search-results", "data-testid": "search-results", "aria-live": "polite" });
  main().replaceChildren(form, results);

  results.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.listId) go(paths.list(button.dataset.listId));
    else if (button.dataset.catalogueId) go(shopPaths.editItem(button.dataset.catalogueId));
  });

  let timer = 0;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      query = input.value;
      // The URL follows the field (Back and a reload show the same search), without a new entry.
      history.replaceState(history.state, "", query.trim() ? `/search?q=${encodeURIComponent(query)}` : "/search");
      run();
    }, 200);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    query = input.value;
    history.replaceState(history.state, "", query.trim() ? `/search?q=${encodeURIComponent(query)}` : "/search");
    run();
  });

  function group(entry, words) {
    const catalogue = entry.kind === "catalogue";
    const title = catalogue ? t("web.search.catalogue") : entry.checklist.name;
    const heading = catalogue
      ? h("h2", { class: "smart-group-heading", "data-testid": "search-group-title", text: title })
      : h("h2", { class: "smart-group-heading" },
        h("button", { type: "button", class: "smart-group-title", "data-testid": "search-group-title", "data-list-id": entry.checklist.id },
          iconEl(entry.checklist.icon), h("span", { text: title })));
    const rows = entry.items.map((item) => {
      const text = catalogue ? item.name : item.text;
      const snippet = catalogue ? "" : notesSnippet(item.notes, words);
      const li = h("li", { class: "row item search-result", "data-testid": "search-result" },
        h("button", {
          type: "button", class: "row-main", "data-testid": "search-open",
          ...(catalogue ? { "data-catalogue-id": item.id } : { "data-list-id": entry.checklist.id }),
        },
        !catalogue ? h("span", { class: item.checked ? "checkmark" : "check-circle", "aria-hidden": "true", text: item.checked ? "√" : "" }) : null,
        h("span", { class: "row-text" },
          h("span", { class: "item-text", "data-testid": "search-result-text" }, highlighted(text, words)),
          snippet ? h("span", { class: "row-sub", "data-testid": "search-result-notes" }, highlighted(snippet, words)) : null),
        h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })));
      li.dataset.itemId = item.id;
      if (!catalogue) li.dataset.listId = entry.checklist.id;
      if (item.checked) li.classList.add("checked");
      return li;
    });
    const section = h("section", { class: "smart-group search-group", "data-testid": "search-group", "data-kind": entry.kind },
      heading, h("ul", { class: "group smart-items", "aria-label": title }, rows));
    if (!catalogue) section.dataset.listId = entry.checklist.id;
    return section;
  }

  let token = 0;
  async function run() {
    const mine = ++token;
    const words = queryWords(query);
    if (words.length === 0) {
      results.replaceChildren(h("p", { class: "smart-note", text: t("web.search.hint") }));
      return;
    }
    let answer;
    try {
      answer = { ...(await store.search(query)), server: true };
    } catch (error) {
      if (!error.isNetwork) {
        if (mine === token && alive()) results.replaceChildren(h("p", { class: "empty", text: error.detail || error.message }));
        return;
      }
      answer = { ...localSearch(query), server: false };
    }
    if (mine !== token || !alive()) return;
    const nodes = [];
    if (!answer.server) {
      nodes.push(h("p", { class: "smart-note", "data-testid": "search-offline-note", role: "note" },
        answer.missing > 0
          ? t("web.search.offline.missing", { count: answer.missing })
          : t("web.search.offline")));
    }
    const groups = answer.groups ?? [];
    if (groups.length === 0) nodes.push(h("div", { class: "empty", "data-testid": "search-empty" }, h("p", { text: t("web.search.empty", { query: query.trim() }) })));
    for (const entry of groups) if (entry.items?.length) nodes.push(group(entry, words));
    results.replaceChildren(...nodes);
  }

  const ready = run();
  const stop = onChecklistChanges(() => alive() && run(), 300);
  return { ready, dispose: () => {
    clearTimeout(timer);
    stop();
  } };
}
