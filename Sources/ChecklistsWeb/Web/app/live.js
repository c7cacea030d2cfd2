// Live updates: the stream's events (through data/sync.js) for the Share sheet, reminders, and
// the screens that still refresh themselves; scheduleRefresh() for those screens.

import { store } from "/data/store.js";
import { sync } from "/data/sync.js";
import { currentScreen, go, shoppingModule } from "/app/router.js";
import { paths } from "/checklists/checklist-paths.js";
import { shareSheetChanged } from "/sharing.js";
import { toast } from "/views.js";
import { t } from "/messages.js";


let refreshTimer = 0;
let refreshing = null;
let refreshAgain = false;
/** The live changes since the last refresh, for screens that refresh only what changed; null: everything. */
let pendingChanges = [];

/** Refreshes the current screen after `delay` ms (calls within it share one refresh). */
export function scheduleRefresh(delay = 60, change = null) {
  if (change && pendingChanges) pendingChanges.push(change);
  else pendingChanges = null;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refreshNow, delay);
}

export async function refreshNow() {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  // Assign before awaiting: a screen without refresh() would otherwise finish (and clear
  // `refreshing`) before the assignment, leaving a settled promise that blocks every later
  // refresh.
  const changes = pendingChanges;
  pendingChanges = [];
  const run = (async () => {
    const screen = currentScreen();
    if (screen?.refresh) await screen.refresh(changes);
  })();
  refreshing = run;
  try {
    await run;
  } finally {
    if (refreshing === run) refreshing = null;
  }
  if (refreshAgain) {
    refreshAgain = false;
    await refreshNow();
  }
}

/**
 * Follows the server through the store's sync (data/sync.js opens the event stream and keeps
 * the store current): the Checklists screens repaint from the store's topics; this hands the
 * stream's events to what still needs them (the Share sheet, reminders, and the Shopping tab's
 * screens until they use the store).
 */
export function connectEvents() {
  sync.on("change", (change) => {
    // Shopping data is only kept once the Shopping tab has been opened.
    if (change && (change.scope === "catalogue" || change.scope === "shoppingList" || change.scope === "sharing")) {
      shoppingModule()?.shoppingChanged?.(change);
    }
    if (change?.scope === "sharing") sharingChanged(change);
    if (wantedByShopping(change)) scheduleRefresh(60, change);
  });
  sync.on("reminder", (data) => {
    if (data) showReminder(data);
  });
}

/** Whether the screen on show makes its own requests (a Shopping tab screen) and wants this change. */
function wantedByShopping(change) {
  const screen = currentScreen();
  if (!screen?.refresh) return false;
  return !change || !screen.wants || screen.wants(change);
}

/**
 * A list was shared with the user, or their role changed, or the share ended: All Lists and the
 * list are read again (a share changes no revision the feed would carry), and an open Share
 * sheet learns of it.
 */
function sharingChanged(change) {
  const id = (change.collectionID || "").toUpperCase();
  // The list itself only when All Lists still has it (a share that ended answers 404).
  store.loadChecklists().then(() => {
    for (const list of store.checklists() ?? []) {
      if (list.id.toUpperCase() === id && store.checklist(list.id)) store.loadChecklist(list.id).catch(() => undefined);
    }
  }, () => undefined);
  shareSheetChanged(change);
}

export async function showReminder(data) {
  const text = typeof data.text === "string" ? data.text : "";
  if ("Notification" in window && Notification.permission === "granted") {
    const options = { body: text, tag: `reminder-${data.itemID}`, icon: "/app-icon-192.png" };
    try {
      const note = new Notification(t("web.reminder.title"), options);
      note.addEventListener("click", () => {
        window.focus();
        if (data.checklistID) go(paths.list(data.checklistID));
      });
    } catch {
      // Android Chrome only shows notifications through the service worker.
      try {
        const registration = await navigator.serviceWorker?.ready;
        registration?.showNotification(t("web.reminder.title"), options);
      } catch {
        /* the in-page toast below still shows it */
      }
    }
  }
  toast(t("web.reminder.toast", { text }), {
    kind: "reminder",
    timeout: 15000,
    action: data.checklistID ? t("web.reminder.open") : undefined,
    onAction: () => go(paths.list(data.checklistID)),
  });
}
