// Checklist: one list's items. A tap ticks an item; ⓘ edits it; the inline row at the bottom
// adds items (Enter adds and keeps the keyboard; pasted lines add one item each); the list
// menu hides ticked items, clears them or unticks all; Edit mode deletes and reorders (by the
// move buttons or by dragging the handle; a move is sent as "after that item").
//
// It paints from the store at once (offline too) and loads in the background. Only the rows
// near the viewport are in the DOM (windowing, as the Items screen does): where each row sits
// is a sum of row heights (measured once shown, estimated before), and the list's padding
// stands in for the rows above and below. A 5,000-item list costs about 40 rows.
//
// data-testid hooks: items (the <ul>), item-row (data-item-id, data-checked="true|false",
// data-pending), item-toggle (role=checkbox, aria-checked), checkmark (present only when
// checked, text "√"), check-circle (only when not), pending-mark, item-text, item-due,
// item-priority ("!", "!!", "!!!"), item-flag, item-details with item-repeat ("↻ Every week")
// and subtask-count ("2 of 5"), item-notes with item-notes-text and notes-more (data-expanded
// on the row), edit-item (ⓘ); a subtask's row has data-parent-id and class "subtask";
// check-subtasks-dialog (check-all-subtasks, check-only-parent) when a parent is checked (not a repeating one); row-conflict under its row; in edit mode (edit-mode button): delete-item,
// move-up, move-down, drag-handle; inline-add-input, inline-add-error; hidden-count;
// list-menu with hide-checked (aria-pressed), clear-checked, uncheck-all; shared-note atop a
// shared list; empty-state, not-offline; the nav bar's add-item.

import { addButton, announce, backButton, confirmDialog, formatDue, h, hidden, navButton, setNav, setTitle, toast } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { rowConflict } from "/conflicts.js";
import { canCheck, canEditItems, isShared, sharedNote } from "/sharing.js";
import { go, showLoadError, showLoadingSoon, up } from "/app/router.js";
import { LAST_LIST_KEY, paths } from "/checklists/checklist-paths.js";
import { askCheckSubtasks, checkCircle, checkmark, itemTemplate, notOffline, pendingMark, priorityName } from "/checklists/checklist-rows.js";
import { checkingRepeats, groupSubtasks, priorityMarks } from "/data/ops-apply.js";
import { listMenu } from "/checklists/checklist-menu.js";
import { inlineAddRow } from "/checklists/inline-add.js";

const OVERSCAN = 800; // px of rows kept above and below the viewport

export function checklistScreen({ route, alive }) {
  const id = route.id;
  let editing = false;
  let dragging = null;
  let shown = null; // the store's view last painted: {checklist, items}
  let everShown = false;

  const editButton = navButton(t("web.action.edit"), "edit-mode", () => {
    editing = !editing;
    editButton.textContent = editing ? t("web.action.done") : t("web.action.edit");
    editButton.setAttribute("aria-pressed", String(editing));
    ul.classList.toggle("editing", editing);
    resetRows();
    paint(true);
    announce(editing ? t("web.checklist.editing") : t("web.checklist.doneEditing"));
  }, { "aria-pressed": "false" });
  const addItemButton = addButton(t("web.checklist.addItem"), "add-item", () => go(paths.newItem(id)));
  const menu = listMenu({
    list: () => shown?.checklist ?? null,
    tickedCount: () => shown?.items.reduce((n, i) => n + (i.checked ? 1 : 0), 0) ?? 0,
    hideChecked: (value) => store.updateChecklist(id, { hideChecked: value }),
    clearChecked: async () => {
      // A ticked parent with an unticked subtask stays (as on the server), so it is not counted.
      const items = shown?.items ?? [];
      const keptParents = new Set(items.filter((i) => !i.checked && i.parentID).map((i) => i.parentID));
      const count = items.reduce((n, i) => n + (i.checked && !keptParents.has(i.id) ? 1 : 0), 0);
      if (count === 0) {
        toast(t("web.checklist.nothingToClear"));
        return;
      }
      const ok = await confirmDialog({
        title: t("web.checklist.clearChecked.title", { count }),
        message: t("web.checklist.clearChecked.message"),
        confirm: t("web.action.delete"),
      });
      if (!ok) return;
      store.clearChecked(id);
      announce(t("web.checklist.clearChecked.done", { count }));
    },
    uncheckAll: (count) => {
      store.uncheckAll(id);
      announce(t("web.checklist.uncheckAll.done", { count }));
    },
  });
  setNav({
    left: [backButton(t("web.checklist.back"), () => up())],
    title: store.checklist(id)?.checklist.name ?? (store.checklists() ?? []).find((l) => l.id === id)?.name ?? "",
    right: [menu.button, editButton, addItemButton],
  });

  const ul = h("ul", { class: "group items", "data-testid": "items", "aria-labelledby": "nav-title", tabindex: "-1" });
  const emptyAdd = h("button", { type: "button", class: "plain-button", text: t("web.checklist.empty.add"), onclick: () => go(paths.newItem(id)) });
  const empty = h("div", { class: "empty", "data-testid": "empty-state", hidden: true }, h("p", { text: t("web.checklist.empty") }), emptyAdd);
  // On a list someone shared: whose it is and what the role allows.
  const note = h("p", { class: "shared-note", "data-testid": "shared-note", hidden: true });
  const listConflict = h("div", { class: "list-conflict" });
  const hiddenCount = h("p", { class: "hidden-count", "data-testid": "hidden-count", hidden: true });
  const adder = inlineAddRow({
    add: (texts) => (texts.length === 1 ? [store.addItem(id, { text: texts[0] })] : store.addItems(id, texts)),
    onAdded: (count, texts) => announce(t("web.checklist.added", { count, text: texts[0] })),
  });
  const content = h("div", { class: "checklist" }, note, listConflict, empty, ul, adder.element, hiddenCount);
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
      editButton.textContent = t("web.action.edit");
      editButton.setAttribute("aria-pressed", "false");
      ul.classList.remove("editing");
    }
    ul.classList.toggle("read-only", !edit);
    addItemButton.hidden = !edit;
    emptyAdd.hidden = !edit;
    adder.element.hidden = !edit;
    resetRows();
  }

  // MARK: Rows

  // Rows are filled by walking the template's fixed shape (no selector matching). A row is
  // only touched when what it shows changed.
  function fill(li, item, index, count) {
    const checked = item.checked;
    const due = item.dueDate ? new Date(item.dueDate) : null;
    const overdue = due !== null && !checked && due.getTime() < now.time;
    const first = index === 0;
    const last = index === count - 1;
    const pending = !!item._pending;
    const sub = subtaskCounts.get(item.id);
    const expanded = expandedNotes.has(item.id);
    const signature = `${item.revision}|${checked}|${item.text}|${item.dueDate}|${item.remind}|${overdue}|${first}|${last}|${may.check}|${pending}|${index}|${count}` +
      `|${item.notes}|${item.flagged}|${item.priority}|${item.repeatDescription}|${item.repeat}|${item.parentID}|${sub?.count}|${sub?.checked}|${expanded}`;
    if (li._signature === signature) return;
    const fresh = li._signature === undefined;
    li._signature = signature;
    const lead = li.firstElementChild; // the toggle button, or the delete button when editing
    const body = editing ? lead.nextElementSibling : lead;
    const slot = body.firstElementChild;
    const rowText = slot.nextElementSibling;
    const line = rowText.firstElementChild;
    const priorityEl = line.firstElementChild;
    const textEl = priorityEl.nextElementSibling;
    const dueEl = line.nextElementSibling;
    const detailsEl = dueEl.nextElementSibling;
    const flagEl = body.lastElementChild;
    const notesEl = li.lastElementChild;
    if (fresh) li.setAttribute("data-item-id", item.id);
    li.setAttribute("data-checked", checked ? "true" : "false");
    li.setAttribute("aria-posinset", String(index + 1));
    li.setAttribute("aria-setsize", String(count));
    li.classList.toggle("subtask", !!item.parentID);
    if (item.parentID) li.dataset.parentId = item.parentID;
    else delete li.dataset.parentId;
    const mark = slot.firstElementChild;
    if (checked && mark?.dataset.testid !== "checkmark") slot.replaceChildren(checkmark());
    else if (!checked && mark?.dataset.testid !== "check-circle") slot.replaceChildren(checkCircle());
    if (pending) {
      li.dataset.pending = "true";
      if (!rowText.nextElementSibling?.classList.contains("pending-mark")) rowText.after(pendingMark());
    } else if (li.dataset.pending) {
      delete li.dataset.pending;
      if (rowText.nextElementSibling?.classList.contains("pending-mark")) rowText.nextElementSibling.remove();
    }
    if (textEl.textContent !== item.text) textEl.textContent = item.text;
    const marks = priorityMarks(item.priority);
    priorityEl.hidden = !marks;
    if (marks) priorityEl.replaceChildren(h("span", { "aria-hidden": "true", text: marks }), hidden(`${priorityName(item.priority)}: `));
    flagEl.hidden = !item.flagged;
    const repeatEl = detailsEl.firstElementChild;
    const countEl = repeatEl.nextElementSibling;
    const repeating = item.repeat ? item.repeatDescription || t("web.item.repeats") : "";
    repeatEl.textContent = repeating ? t("web.item.repeat", { repeat: repeating }) : "";
    countEl.textContent = sub ? t("web.item.subtaskCount", { checked: sub.checked, count: sub.count }) : "";
    if (sub) countEl.setAttribute("aria-label", t("web.item.subtaskCount.label", { checked: sub.checked, count: sub.count }));
    detailsEl.hidden = !repeating && !sub;
    const notes = item.notes ?? "";
    notesEl.hidden = !notes;
    li.toggleAttribute("data-expanded", expanded && !!notes);
    if (notes) {
      const notesText = notesEl.firstElementChild;
      if (notesText.textContent !== notes) notesText.textContent = notes;
      const more = notesEl.lastElementChild;
      more.textContent = expanded ? t("web.item.notes.less") : t("web.item.notes.more");
      more.setAttribute("aria-expanded", String(expanded));
      more.setAttribute("aria-label", expanded ? t("web.item.notes.less.label", { text: item.text }) : t("web.item.notes.more.label", { text: item.text }));
      li._notesUnmeasured = true;
    }
    const dueKey = `${item.dueDate}|${item.remind}|${overdue}`;
    if (li._due === dueKey) {
      // unchanged: the bell and text stay the same nodes
    } else if (due) {
      li._due = dueKey;
      dueEl.classList.toggle("overdue", overdue);
      if (item.remind) {
        dueEl.replaceChildren(h("span", { class: "glyph glyph-bell", "aria-hidden": "true" }), formatDue(due), hidden(t("web.item.reminderOn")));
      } else {
        dueEl.textContent = formatDue(due);
      }
    } else {
      li._due = dueKey;
      if (dueEl.firstChild) dueEl.textContent = "";
    }
    if (editing) {
      const upButton = body.nextElementSibling;
      const downButton = upButton.nextElementSibling;
      lead.setAttribute("aria-label", t("web.item.delete.label", { text: item.text }));
      upButton.setAttribute("aria-label", t("web.item.moveUp.label", { text: item.text }));
      downButton.setAttribute("aria-label", t("web.item.moveDown.label", { text: item.text }));
      upButton.setAttribute("aria-disabled", first ? "true" : "false");
      downButton.setAttribute("aria-disabled", last ? "true" : "false");
    } else {
      lead.setAttribute("aria-checked", checked ? "true" : "false");
      if (!may.check) lead.setAttribute("aria-disabled", "true");
      else lead.removeAttribute("aria-disabled");
      li.lastElementChild.previousElementSibling.setAttribute("aria-label", t("web.item.edit.label", { text: item.text }));
    }
  }

  // MARK: Windowing

  let entries = []; // {key, item, index} rows and {key, conflict, item} panels, in order
  let visible = []; // the items shown (ticked ones left out while hidden), in list order
  let offsets = new Float64Array(0); // the top of each entry, px from the list's content top
  let total = 0;
  const heights = new Map(); // entry key → measured px
  let rowEstimate = 48;
  let nodes = new Map(); // entry key → element in the DOM
  let rendered = { first: -1, last: -1 };
  let subtaskCounts = new Map(); // parent id → {count, checked}
  const expandedNotes = new Set(); // ids of the items whose notes are shown whole

  function resetRows() {
    nodes = new Map();
    rendered = { first: -1, last: -1 };
    ul.replaceChildren();
  }

  const estimate = (entry) => heights.get(entry.key) ?? (entry.conflict ? 120
    : rowEstimate + (entry.item.dueDate ? 18 : 0) + (entry.item.notes ? 18 : 0) + (entry.item.repeat || subtaskCounts.has(entry.item.id) ? 18 : 0));

  /** The entries and where each sits, for the items the store shows now. O(items), no DOM. */
  function layoutEntries(items, hide) {
    subtaskCounts = new Map();
    for (const item of items) {
      if (!item.parentID) continue;
      const counts = subtaskCounts.get(item.parentID) ?? { count: 0, checked: 0 };
      counts.count += 1;
      if (item.checked) counts.checked += 1;
      subtaskCounts.set(item.parentID, counts);
    }
    const ordered = groupSubtasks(items);
    visible = hide ? ordered.filter((i) => !i.checked) : ordered;
    entries = [];
    for (let i = 0; i < visible.length; i++) {
      const item = visible[i];
      entries.push({ key: item.id, item, index: i });
      if (item._conflict) entries.push({ key: `c:${item.id}`, conflict: item._conflict, item });
    }
    computeOffsets();
  }

  function computeOffsets() {
    offsets = new Float64Array(entries.length);
    let y = 0;
    for (let i = 0; i < entries.length; i++) {
      offsets[i] = y;
      y += estimate(entries[i]);
    }
    total = y;
  }

  /** The entry at `y` px from the list's top (clamped). */
  function entryAt(y) {
    let lo = 0;
    let hi = offsets.length - 1;
    if (hi < 0) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (offsets[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  function nodeFor(entry, template) {
    let node = nodes.get(entry.key);
    if (entry.conflict) {
      if (!node || node._conflict !== entry.conflict) {
        node = h("li", { class: "row-conflict-row", "data-conflict-for": entry.item.id }, rowConflict(entry.conflict));
        node._conflict = entry.conflict;
      }
      return node;
    }
    node ??= template.cloneNode(true);
    fill(node, entry.item, entry.index, visible.length);
    return node;
  }

  /** Renders the entries near the viewport, reusing the rows already there. */
  function paintWindow(force = false) {
    if (!ul.isConnected || dragging) return;
    const top = -ul.getBoundingClientRect().top;
    let first = -1;
    let last = -1;
    if (entries.length > 0) {
      first = entryAt(Math.max(0, top - OVERSCAN));
      last = entryAt(Math.max(0, top + innerHeight + OVERSCAN));
    }
    if (!force && first === rendered.first && last === rendered.last) return;
    rendered = { first, last };
    const template = itemTemplate(editing);
    const wanted = [];
    const next = new Map();
    for (let i = first; i >= 0 && i <= last; i++) {
      const node = nodeFor(entries[i], template);
      next.set(entries[i].key, node);
      wanted.push(node);
    }
    const active = ul.contains(document.activeElement) ? document.activeElement : null;
    const keep = new Set(wanted);
    for (const child of [...ul.children]) {
      if (keep.has(child)) continue;
      if (child.contains(document.activeElement)) ul.focus({ preventScroll: true });
      child.remove();
    }
    let cursor = ul.firstElementChild;
    for (const node of wanted) {
      if (node === cursor) cursor = cursor.nextElementSibling;
      else ul.insertBefore(node, cursor);
    }
    nodes = next;
    // A focused row moved in the DOM loses focus: give it back.
    if (active?.isConnected && document.activeElement !== active) active.focus({ preventScroll: true });
    // "more" only where the notes do not fit on their one line.
    for (const node of wanted) {
      if (!node._notesUnmeasured) continue;
      node._notesUnmeasured = false;
      const notesEl = node.lastElementChild;
      const textEl = notesEl.firstElementChild;
      const more = notesEl.lastElementChild;
      more.hidden = !node.hasAttribute("data-expanded") && !textEl.textContent.includes("\n") && textEl.scrollWidth <= textEl.clientWidth;
    }
    // Measure what is shown; correct the sums when a row is not the estimated height.
    let changed = false;
    for (let i = first; i >= 0 && i <= last; i++) {
      const height = wanted[i - first].offsetHeight;
      if (height && heights.get(entries[i].key) !== height) {
        heights.set(entries[i].key, height);
        changed = true;
        const plain = (item) => !item.dueDate && !item.notes && !item.repeat && !subtaskCounts.has(item.id);
        if (!entries[i].conflict && plain(entries[i].item) && heights.size < 4) rowEstimate = height;
      }
    }
    if (changed) computeOffsets();
    ul.style.paddingTop = `${first >= 0 ? offsets[first] : 0}px`;
    ul.style.paddingBottom = `${last >= 0 ? total - offsets[last] - estimate(entries[last]) : 0}px`;
  }

  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      paintWindow();
    });
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onScroll);

  // MARK: Painting from the store

  /** Paints the store's view of the list; false when the store has none. */
  function paint(force = false) {
    const view = store.checklist(id);
    if (!view) {
      if (everShown) gone();
      return false;
    }
    if (!force && view === shown && content.isConnected) return true;
    everShown = true;
    shown = view;
    const { checklist, items } = view;
    setTitle(checklist.name);
    applyRole(checklist);
    menu.update();
    const hide = !!checklist.hideChecked;
    const ticked = hide ? items.reduce((n, i) => n + (i.checked ? 1 : 0), 0) : 0;
    hiddenCount.hidden = ticked === 0;
    if (ticked) hiddenCount.textContent = t("web.checklist.hiddenCount", { count: ticked });
    listConflict.replaceChildren(checklist._conflict ? rowConflict(checklist._conflict) : "");
    editButton.hidden = (items.length === 0 && !editing) || !may.edit;
    empty.hidden = items.length !== 0;
    ul.hidden = items.length === 0;
    now.time = Date.now();
    layoutEntries(items, hide);
    if (!content.isConnected) main().replaceChildren(content);
    paintWindow(true);
    return true;
  }

  /** The list was deleted (here, elsewhere) or is no longer shared with the user. */
  function gone() {
    if (localStorage.getItem(LAST_LIST_KEY) === id) localStorage.removeItem(LAST_LIST_KEY);
    toast(isShared(shown?.checklist) ? t("web.checklist.gone.unshared") : t("web.checklist.gone.deleted"));
    everShown = false;
    up();
  }

  // MARK: Input

  ul.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-item-id]");
    if (!li || dragging) return;
    const itemID = li.dataset.itemId;
    const item = store.item(itemID);
    if (!item) return;
    switch (button.dataset.testid) {
      case "item-toggle":
        if (!may.check) {
          toast(note.textContent);
          break;
        }
        toggle(item);
        break;
      case "notes-more":
        if (expandedNotes.has(itemID)) expandedNotes.delete(itemID);
        else expandedNotes.add(itemID);
        paintWindow(true);
        break;
      case "edit-item":
        go(paths.editItem(id, itemID));
        break;
      case "delete-item":
        deleteItem(item);
        break;
      case "move-up":
      case "move-down": {
        if (button.getAttribute("aria-disabled") === "true") return;
        // The order as of now (a quick second press may come before the repaint).
        const order = currentOrder(item);
        const index = order.findIndex((i) => i.id === itemID);
        if (index < 0) return;
        const to = button.dataset.testid === "move-up" ? index - 1 : index + 1;
        if (to < 0 || to >= order.length) return;
        // "After" is the item just above where it lands, in the list's order (subtasks follow
        // their parent): past a parent means past its last subtask; a subtask moved first goes
        // after its parent.
        const landAfter = button.dataset.testid === "move-up" ? order[index - 2] : order[index + 1];
        const after = landAfter ? lastOfGroup(landAfter).id : item.parentID ?? null;
        store.moveItem(itemID, after);
        announce(t("web.item.movedTo", { text: item.text, position: to + 1, count: order.length }));
        break;
      }
    }
  });

  /**
   * Checks or unchecks an item. Checking a parent with unchecked subtasks asks whether they are
   * checked too (one request either way, through the outbox). A repeating parent is not asked:
   * checking it off completes this time, and it comes back at its next date with its subtasks
   * unchecked again whatever the answer, which the announcement says.
   */
  async function toggle(item) {
    const family = (shown?.items ?? []).filter((i) => i.parentID === item.id);
    if (checkingRepeats(item)) {
      store.checkItem(item.id, true);
      announce(family.length
        ? t("web.checklist.doneRepeatingSubtasks", { text: item.text, count: family.length })
        : t("web.checklist.doneRepeating", { text: item.text }));
      return;
    }
    const unchecked = item.checked ? 0 : family.filter((i) => !i.checked).length;
    let subtasks = false;
    if (unchecked > 0) {
      const answer = await askCheckSubtasks(item, unchecked);
      if (!answer || !alive()) return;
      subtasks = answer === "all";
    }
    const current = store.item(item.id);
    if (!current) return;
    store.checkItem(item.id, !current.checked, { subtasks });
    announce(!current.checked ? (subtasks ? t("web.item.checkedWithSubtasks", { text: item.text, count: unchecked }) : t("web.item.checked", { text: item.text })) : t("web.item.unchecked", { text: item.text }));
  }

  /**
   * The items a move goes among, in the store's order now (ticked ones left out while hidden):
   * the top-level items, or a subtask's siblings under its parent.
   */
  function currentOrder(item) {
    const view = store.checklist(id);
    const all = view ? groupSubtasks(view.checklist.hideChecked ? view.items.filter((i) => !i.checked) : view.items) : visible;
    const parent = item?.parentID ?? null;
    return all.filter((i) => (i.parentID ?? null) === parent);
  }

  /** An item's last subtask (the last row of its group), or the item itself. */
  function lastOfGroup(item) {
    if (item.parentID) return item;
    const subtasks = (store.checklist(id)?.items ?? []).filter((i) => i.parentID === item.id);
    return subtasks.length ? groupSubtasks(store.checklist(id).items).filter((i) => i.parentID === item.id).at(-1) : item;
  }

  /** Deletes an item at once and offers Undo (which adds it back after the same item). */
  function deleteItem(item) {
    const index = visible.findIndex((i) => i.id === item.id);
    const all = shown?.items ?? [];
    const at = all.findIndex((i) => i.id === item.id);
    const after = at > 0 ? all[at - 1].id : null;
    const sibling = visible[index + 1] ?? visible[index - 1];
    const testid = document.activeElement?.dataset?.testid;
    // A parent goes with its subtasks (the server deletes them too): Undo brings them all back.
    const subtasks = item.parentID ? [] : all.filter((i) => i.parentID === item.id);
    store.deleteItem(item.id);
    // Focus moves to the same control of the next row once it is painted (after the store's batch).
    setTimeout(() => {
      const row = sibling && ul.querySelector(`[data-item-id="${CSS.escape(sibling.id)}"]`);
      (row?.querySelector(`[data-testid="${testid}"]`) || row?.querySelector("button") || document.getElementById("nav-title")).focus();
    }, 0);
    announce(t("web.item.deleted", { text: item.text }));
    toast(t("web.item.deleted.toast", { text: item.text }), {
      action: t("web.action.undo"),
      timeout: 8000,
      onAction: () => {
        try {
          const fields = (one, parentID) => ({
            text: one.text, checked: one.checked, dueDate: one.dueDate, remind: one.remind && !!one.dueDate,
            notes: one.notes || undefined, flagged: one.flagged || undefined,
            priority: one.priority && one.priority !== "none" ? one.priority : undefined, repeat: one.repeat || undefined,
            parentID,
          });
          const stillThere = after && store.item(after);
          const parentID = item.parentID && store.item(item.parentID) ? item.parentID : undefined;
          const restored = store.addItem(id, fields(item, parentID), { after: stillThere ? after : null });
          let previous = restored;
          for (const subtask of subtasks) previous = store.addItem(id, fields(subtask, restored), { after: previous });
          announce(subtasks.length
            ? t("web.item.restoredWithSubtasks", { text: item.text, count: subtasks.length })
            : t("web.item.restored", { text: item.text }));
        } catch (error) {
          toast(error.message || t("web.item.restoreFailed"), { kind: "error" });
        }
      },
    });
  }

  // Drag to reorder (edit mode, by the handle): pointer events work for mouse, pen and touch.
  // Windowing pauses while a row is dragged; the drop sends "after the row above it".
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
    const startNext = li.nextElementSibling;
    const startPrev = li.previousElementSibling;
    const grab = event.clientY - li.getBoundingClientRect().top;
    let y = event.clientY;
    let frameID = 0;
    li.classList.add("dragging");
    ul.classList.add("reordering");
    const place = () => {
      li.style.transform = "";
      const ulRect = ul.getBoundingClientRect();
      const x = ulRect.left + ulRect.width / 2;
      const under = document.elementsFromPoint(x, Math.min(Math.max(y, ulRect.top + 1), ulRect.bottom - 1));
      const over = under.find((el) => el !== li && el.parentElement === ul && el.dataset.itemId);
      if (over) {
        const r = over.getBoundingClientRect();
        const below = li.compareDocumentPosition(over) & Node.DOCUMENT_POSITION_FOLLOWING;
        if (below && y > r.top + r.height / 2) ul.insertBefore(li, over.nextElementSibling);
        else if (!below && y < r.top + r.height / 2) ul.insertBefore(li, over);
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
      frameID = requestAnimationFrame(tick);
    };
    frameID = requestAnimationFrame(tick);
    const move = (e) => {
      if (e.pointerId !== pointerId) return;
      y = e.clientY;
      place();
    };
    const finish = (cancelled) => {
      cancelAnimationFrame(frameID);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", release);
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
      if (cancelled) {
        if (startNext?.parentElement === ul) ul.insertBefore(li, startNext);
        else if (startPrev?.parentElement === ul) startPrev.after(li);
      }
      const moved = li.nextElementSibling !== startNext || li.previousElementSibling !== startPrev;
      // Let a click that follows the pointerup see that a drag just ended.
      setTimeout(() => {
        dragging = null;
        paint(true);
      }, 0);
      if (!cancelled && moved) {
        // After the row above among its own level: a top-level item goes after the top-level
        // item above (its subtasks move with it); a subtask among its parent's subtasks.
        const parentID = li.dataset.parentId ?? null;
        const sameLevel = (el) => el.dataset.itemId && (el.dataset.parentId ?? null) === parentID;
        let prev = li.previousElementSibling;
        while (prev && !sameLevel(prev) && prev.dataset.itemId !== parentID) prev = prev.previousElementSibling;
        if (prev && prev.dataset.itemId === parentID) prev = null;
        let after = prev?.dataset.itemId ?? null;
        if (!prev && rendered.first > 0) {
          // Dropped first among the rows in the DOM: after the item just above them.
          const above = entries[rendered.first - 1];
          after = above?.item.id ?? null;
        }
        const itemID = li.dataset.itemId;
        const item = store.item(itemID);
        store.moveItem(itemID, after);
        if (item) announce(t("web.item.moved", { text: item.text }));
      }
    };
    const release = (e) => e.pointerId === pointerId && finish(false);
    const cancel = (e) => e.pointerId === pointerId && finish(true);
    const escape = (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        finish(true);
      }
    };
    dragging = { li };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", cancel);
    window.addEventListener("keydown", escape, true);
  });

  // MARK: Start

  const stop = store.subscribe((topics) => {
    if (!alive() || dragging) return;
    if (topics.has(`checklist:${id}`) || (!shown && topics.has("checklists"))) paint();
  });

  let ready;
  if (paint()) {
    ready = Promise.resolve();
    // A list made here and not sent yet is not on the server: nothing to load (it would be a 404).
    const unsent = shown.checklist._pending && !shown.checklist.revision;
    if (!unsent) store.loadChecklist(id).catch((error) => {
      if (alive() && error.status === 404 && !store.checklist(id)) gone();
    });
  } else {
    const cancelLoading = showLoadingSoon(alive);
    ready = store.loadChecklist(id).then(
      () => {
        cancelLoading();
        if (alive() && !paint()) gone();
      },
      (error) => {
        cancelLoading();
        if (!alive() || paint()) return;
        if (error.status === 404) {
          everShown = true;
          gone();
        } else if (error.isNetwork) {
          setTitle((store.checklists() ?? []).find((l) => l.id === id)?.name ?? "");
          main().replaceChildren(notOffline());
        } else {
          showLoadError(error, () => go(paths.list(id), { replace: true }));
        }
      },
    );
  }
  const minute = setInterval(() => {
    if (!dragging && shown) paint(true);
  }, 60000);
  return {
    ready,
    /** After the app restored a scroll position (going Back): the rows there. */
    layout: () => paintWindow(true),
    dispose() {
      stop();
      menu.close();
      clearInterval(minute);
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    },
  };
}
