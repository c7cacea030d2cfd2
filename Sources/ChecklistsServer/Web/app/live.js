// Live updates: the server's event stream (/api/v1/events) refreshes the screen on show when
// something it shows changed, and shows reminders.

import { go, currentScreen, shoppingModule } from "/app/router.js";
import { setOnline, isOnline } from "/app/connection.js";
import { paths } from "/checklists/checklist-paths.js";
import { sharingChanged } from "/checklists/checklist-data.js";
import { toast } from "/views.js";


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

/** Whether a live change can alter what the current screen shows. */
function wanted(change) {
  if (!change) return true;
  if (currentScreen()?.wants) return currentScreen().wants(change);
  return !change.scope || change.scope === "checklist" || change.scope === "sharing"; // checklist screens
}

export function connectEvents() {
  if (!("EventSource" in window)) return;
  let source;
  let reconnectTimer = 0;
  let sources = 0;
  const open = () => {
    source = new EventSource("/api/v1/events");
    // A new EventSource has no Last-Event-ID: what changed meanwhile must be fetched again.
    if (++sources > 1) shoppingModule()?.shoppingResync();
    source.addEventListener("open", () => {
      // After a reconnection, catch up (Last-Event-ID covers changes; this covers the banner).
      if (!isOnline()) setOnline(true);
      scheduleRefresh(0);
    });
    source.addEventListener("change", (event) => {
      let change = null;
      try {
        change = JSON.parse(event.data);
      } catch {
        /* refresh everything */
      }
      // Shopping data is only kept once the Shopping tab has been opened.
      if (change && (change.scope === "catalogue" || change.scope === "shoppingList" || change.scope === "sharing")) {
        shoppingModule()?.shoppingChanged(change);
      }
      if (change?.scope === "sharing") sharingChanged(change);
      if (wanted(change)) scheduleRefresh(60, change);
    });
    source.addEventListener("reminder", (event) => {
      let data = null;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      showReminder(data);
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) {
        clearTimeout(reconnectTimer);
        reconnectTimer = setTimeout(open, 3000);
      }
      // Find out whether the server itself is gone, which shows the banner.
      scheduleRefresh(500);
    });
  };
  open();
}

export async function showReminder(data) {
  const text = typeof data.text === "string" ? data.text : "";
  if ("Notification" in window && Notification.permission === "granted") {
    const options = { body: text, tag: `reminder-${data.itemID}`, icon: "/app-icon-192.png" };
    try {
      const note = new Notification("Reminder:", options);
      note.addEventListener("click", () => {
        window.focus();
        if (data.checklistID) go(paths.list(data.checklistID));
      });
    } catch {
      // Android Chrome only shows notifications through the service worker.
      try {
        const registration = await navigator.serviceWorker?.ready;
        registration?.showNotification("Reminder:", options);
      } catch {
        /* the in-page toast below still shows it */
      }
    }
  }
  toast(`Reminder: ${text}`, {
    kind: "reminder",
    timeout: 15000,
    action: data.checklistID ? "Open" : undefined,
    onAction: () => go(paths.list(data.checklistID)),
  });
}
