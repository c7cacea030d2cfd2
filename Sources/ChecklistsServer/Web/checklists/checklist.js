// Checklist: one list's items. A tap ticks an item; ⓘ edits it; Edit mode deletes and reorders
// (by the move buttons or by dragging the handle).
//
// data-testid hooks: items (the <ul>), item-row (data-item-id, data-checked="true|false"),
// item-toggle (role=checkbox, aria-checked), checkmark (present only when checked, text "√"),
// item-text, item-due, edit-item (ⓘ); in edit mode (edit-mode button): delete-item, move-up,
// move-down, drag-handle; shared-note atop a shared list; the nav bar's add-item.

import { addButton, announce, backButton, formatDue, h, hidden, navButton, setNav, setTitle, toast } from "/views.js";
import { main } from "/shell.js";
import { canCheck, canEditItems, isShared, sharedNote } from "/sharing.js";
import { go, showLoadError, showLoadingSoon, up } from "/app/router.js";
import { noteError } from "/app/connection.js";
import { refreshNow, scheduleRefresh } from "/app/live.js";
import { captureFocus, restoreFocus } from "/app/focus.js";
import { LAST_LIST_KEY, paths } from "/checklists/checklist-paths.js";
import {
  deleteItem, findItem, listName, loadDetail, moveItem, pendingChecks, store, toggleItem,
} from "/checklists/checklist-data.js";


/** A row template without the markup's white-space text nodes: fewer nodes to clone per row. */
function compactTemplate(id) {
  const root = document.getElementById(id).content.firstElementChild.cloneNode(true);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const blanks = [];
  while (walker.nextNode()) if (!walker.currentNode.data.trim()) blanks.push(walker.currentNode);
  for (const node of blanks) node.remove();
  return root;
}
let templates = null;
const itemTemplate = (editing) => {
  templates ??= { normal: compactTemplate("tpl-item"), editing: compactTemplate("tpl-item-editing") };
  return editing ? templates.editing : templates.normal;
};

/** Rows built at once when a long list first shows; the rest follow in chunks. */
const FIRST_ROWS = 100;
const ROWS_PER_CHUNK = 1000;

export function checklistScreen({ route, alive, direction }) {
  const id = route.id;
  let chunkTimer = 0;
  let progressive = direction !== "back"; // going Back restores a scroll position: build every row at once
  let editing = false;
  let dragging = null;
  let refreshWhenDropped = false;

  const editButton = navButton("Edit", "edit-mode", () => {
    editing = !editing;
    editButton.textContent = editing ? "Done" : "Edit";
    editButton.setAttribute("aria-pressed", String(editing));
    ul.classList.toggle("editing", editing);
    ul.replaceChildren();
    paint();
    announce(editing ? "Editing: delete or reorder items." : "Done editing.");
  }, { "aria-pressed": "false" });
  const addItemButton = addButton("Add item", "add-item", () => go(paths.newItem(id)));
  setNav({
    left: [backButton("Checklists", () => up())],
    title: listName(id) ?? "",
    right: [editButton, addItemButton],
  });

  const ul = h("ul", { class: "group items", "data-testid": "items", "aria-labelledby": "nav-title" });
  const emptyAdd = h("button", { type: "button", class: "plain-button", text: "Add Item", onclick: () => go(paths.newItem(id)) });
  const empty = h("div", { class: "empty", "data-testid": "empty-state" }, h("p", { text: "No items." }), emptyAdd);
  // On a list someone shared: whose it is and what the role allows.
  const note = h("p", { class: "shared-note", "data-testid": "shared-note", hidden: true });
  const now = { time: Date.now() };
  /** What the user's role allows on this list (their own lists allow everything). */
  const may = { check: true, edit: true };

  /** Shows only the controls the role allows; after a role change the rows are built again. */
  function applyRole(list) {
    const check = canCheck(list);
    const edit = canEditItems(list);
    note.hidden = !isShared(list);
    if (isShared(list)) note.textContent = sharedNote(list);
    if (check === may.check && edit === may.edit) return;
    may.check = check;
    may.edit = edit;
    if (!edit && editing) {
      editing = false;
      editButton.textContent = "Edit";
      editButton.setAttribute("aria-pressed", "false");
      ul.classList.remove("editing");
    }
    ul.classList.toggle("read-only", !edit);
    addItemButton.hidden = !edit;
    emptyAdd.hidden = !edit;
    ul.replaceChildren();
  }

  const checkmark = h("span", { class: "checkmark", "data-testid": "checkmark", text: "√" });

  // Rows are filled by walking the template's fixed shape (no selector matching): a
  // 5,000-item list must render quickly. A row is only touched when its signature changes.
  function fill(li, item, index, count) {
    const checked = pendingChecks.has(item.id) ? pendingChecks.get(item.id) : item.checked;
    const due = item.dueDate ? new Date(item.dueDate) : null;
    const overdue = due !== null && !checked && due.getTime() < now.time;
    const first = index === 0;
    const last = index === count - 1;
    const signature = `${item.id}|${item.revision}|${checked}|${overdue}|${first}|${last}|${may.check}`;
    if (li._signature === signature) return;
    const fresh = li._signature === undefined;
    li._signature = signature;
    const lead = li.firstElementChild; // the toggle button, or the delete button when editing
    const body = editing ? lead.nextElementSibling : lead;
    const slot = body.firstElementChild;
    const textEl = slot.nextElementSibling.firstElementChild;
    const dueEl = textEl.nextElementSibling;
    if (fresh) li.setAttribute("data-item-id", item.id);
    li.setAttribute("data-checked", checked ? "true" : "false");
    if (checked) {
      if (!slot.firstChild) slot.append(checkmark.cloneNode(true));
    } else if (slot.firstChild) {
      slot.replaceChildren();
    }
    if (textEl.textContent !== item.text) textEl.textContent = item.text;
    if (due) {
      dueEl.classList.toggle("overdue", overdue);
      if (item.remind) {
        dueEl.replaceChildren(h("span", { class: "glyph glyph-bell", "aria-hidden": "true" }), formatDue(due), hidden(", reminder on"));
      } else {
        dueEl.textContent = formatDue(due);
      }
    } else if (dueEl.firstChild) {
      dueEl.textContent = "";
    }
    if (editing) {
      const upButton = body.nextElementSibling;
      const downButton = upButton.nextElementSibling;
      lead.setAttribute("aria-label", `Delete ${item.text}`);
      upButton.setAttribute("aria-label", `Move ${item.text} up`);
      downButton.setAttribute("aria-label", `Move ${item.text} down`);
      upButton.setAttribute("aria-disabled", first ? "true" : "false");
      downButton.setAttribute("aria-disabled", last ? "true" : "false");
    } else {
      lead.setAttribute("aria-checked", checked ? "true" : "false");
      if (!may.check) lead.setAttribute("aria-disabled", "true");
      li.lastElementChild.setAttribute("aria-label", `Edit ${item.text}`);
    }
  }

  function paint() {
    clearTimeout(chunkTimer);
    const detail = store.details.get(id);
    if (!detail) return;
    setTitle(detail.checklist.name);
    applyRole(detail.checklist);
    editButton.hidden = (detail.items.length === 0 && !editing) || !may.edit;
    if (detail.items.length === 0) {
      if (!empty.isConnected) main().replaceChildren(note, empty);
      ul.replaceChildren();
      return;
    }
    now.time = Date.now();
    const focus = captureFocus(ul);
    const template = itemTemplate(editing);
    if (ul.children.length === 0 && progressive && detail.items.length > FIRST_ROWS) {
      paintProgressively(detail.items, template);
      return;
    }
    const old = new Map();
    for (const li of ul.children) old.set(li.dataset.itemId, li);
    const items = detail.items;
    const count = items.length;
    const rows = new Array(count);
    let same = ul.children.length === count;
    for (let i = 0; i < count; i++) {
      const item = items[i];
      let li = old.get(item.id);
      if (!li) li = template.cloneNode(true);
      fill(li, item, i, count);
      rows[i] = li;
      if (same && ul.children[i] !== li) same = false;
    }
    if (!same) {
      if (ul.children.length === 0) {
        const fragment = document.createDocumentFragment();
        fragment.append(...rows);
        ul.append(fragment);
      } else {
        ul.replaceChildren(...rows);
      }
    }
    if (!ul.isConnected) main().replaceChildren(note, ul);
    restoreFocus(ul, focus);
  }

  /** First render of a long list: the first screenful now, the other rows in later tasks. */
  function paintProgressively(items, template) {
    const count = items.length;
    let next = 0;
    const build = (end) => {
      const fragment = document.createDocumentFragment();
      for (let i = next; i < end; i++) {
        const li = template.cloneNode(true);
        fill(li, items[i], i, count);
        fragment.append(li);
      }
      next = end;
      ul.append(fragment);
    };
    build(FIRST_ROWS);
    if (!ul.isConnected) main().replaceChildren(note, ul);
    const step = () => {
      build(Math.min(count, next + ROWS_PER_CHUNK));
      if (next < count) chunkTimer = setTimeout(step, 0);
    };
    chunkTimer = setTimeout(step, 0);
  }

  ul.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-item-id]");
    if (!li || dragging) return;
    const itemID = li.dataset.itemId;
    switch (button.dataset.testid) {
      case "item-toggle":
        if (!may.check) {
          toast(note.textContent);
          break;
        }
        toggleItem(itemID, paint);
        break;
      case "edit-item":
        go(paths.editItem(id, itemID));
        break;
      case "delete-item":
        deleteItem(itemID, { paint, ul });
        break;
      case "move-up":
      case "move-down": {
        if (button.getAttribute("aria-disabled") === "true") return;
        const found = findItem(itemID);
        if (!found) return;
        moveItem(itemID, found.index + (button.dataset.testid === "move-up" ? -1 : 1), paint);
        break;
      }
    }
  });

  // Drag to reorder (edit mode, by the handle): pointer events work for mouse, pen and touch.
  ul.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".drag-handle");
    if (!handle || event.button > 0) return;
    const li = handle.closest("li");
    event.preventDefault();
    // Capture on the list, not the handle: moving the row in the DOM would release a capture on it.
    try {
      ul.setPointerCapture(event.pointerId);
    } catch {
      /* synthetic pointers may not be capturable; window listeners below still follow them */
    }
    const pointerId = event.pointerId;
    const startIndex = Array.prototype.indexOf.call(ul.children, li);
    const grab = event.clientY - li.getBoundingClientRect().top;
    let y = event.clientY;
    let frame = 0;
    li.classList.add("dragging");
    ul.classList.add("reordering");
    const place = () => {
      li.style.transform = "";
      const ulRect = ul.getBoundingClientRect();
      const x = ulRect.left + ulRect.width / 2;
      const under = document.elementsFromPoint(x, Math.min(Math.max(y, ulRect.top + 1), ulRect.bottom - 1));
      const over = under.find((el) => el !== li && el.parentElement === ul);
      if (over) {
        const r = over.getBoundingClientRect();
        const after = li.compareDocumentPosition(over) & Node.DOCUMENT_POSITION_FOLLOWING;
        if (after && y > r.top + r.height / 2) ul.insertBefore(li, over.nextElementSibling);
        else if (!after && y < r.top + r.height / 2) ul.insertBefore(li, over);
      }
      const top = li.getBoundingClientRect().top;
      li.style.transform = `translateY(${y - grab - top}px)`;
    };
    const tick = () => {
      const edge = 56;
      const speed = y < edge ? -(edge - y) / 3 : y > innerHeight - edge ? (y - (innerHeight - edge)) / 3 : 0;
      if (speed) {
        window.scrollBy(0, speed);
        place();
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const move = (e) => {
      if (e.pointerId !== pointerId) return;
      y = e.clientY;
      place();
    };
    const finish = (cancelled) => {
      cancelAnimationFrame(frame);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      try {
        ul.releasePointerCapture(pointerId);
      } catch {
        /* already released */
      }
      window.removeEventListener("keydown", escape, true);
      li.style.transform = "";
      li.classList.remove("dragging");
      ul.classList.remove("reordering");
      if (cancelled) ul.insertBefore(li, ul.children[startIndex] === li ? li.nextElementSibling : ul.children[startIndex] ?? null);
      const endIndex = Array.prototype.indexOf.call(ul.children, li);
      // Let a click that follows the pointerup see that a drag just ended.
      setTimeout(() => {
        dragging = null;
        if (refreshWhenDropped) {
          refreshWhenDropped = false;
          scheduleRefresh(0);
        }
      }, 0);
      if (!cancelled && endIndex !== startIndex) {
        // The rows were moved directly; only the attributes that depend on position need an update.
        moveItem(li.dataset.itemId, endIndex, paint);
      } else {
        paint();
      }
    };
    const up = (e) => e.pointerId === pointerId && finish(false);
    const cancel = (e) => e.pointerId === pointerId && finish(true);
    const escape = (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        finish(true);
      }
    };
    dragging = { li };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    window.addEventListener("keydown", escape, true);
  });

  async function refresh() {
    if (dragging) {
      refreshWhenDropped = true;
      return;
    }
    try {
      const changed = await loadDetail(id);
      if (!alive()) return;
      if (changed || !(ul.isConnected || empty.isConnected)) paint();
    } catch (error) {
      if (!alive()) return;
      if (error.status === 404) {
        if (localStorage.getItem(LAST_LIST_KEY) === id) localStorage.removeItem(LAST_LIST_KEY);
        const shared = isShared(store.details.get(id)?.checklist);
        store.details.delete(id);
        store.listsETag = null;
        toast(shared ? "This list is no longer shared with you." : "This list no longer exists.");
        up();
        return;
      }
      noteError(error);
      if (!store.details.has(id)) showLoadError(error, () => refreshNow());
    }
  }

  let ready;
  if (store.details.has(id)) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  const minute = setInterval(() => {
    if (!dragging) paint();
  }, 60000);
  return {
    ready,
    refresh,
    dispose() {
      clearInterval(minute);
      clearTimeout(chunkTimer);
    },
  };
}

