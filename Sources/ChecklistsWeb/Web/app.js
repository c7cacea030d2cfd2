// Checklists web app: wires the modules and starts the app.
//   app/router.js      the one router (both tabs), history, the tab bar, rendering screens
//   app/connection.js  the connection banner (offline, changes waiting, sending)
//   app/live.js        the stream's events for reminders and the Share sheet
//   data/*.js          the one client store, its outbox and sync
//   app/account.js     who is signed in, the account menu
//   checklists/*.js    the Checklists tab's screens; shopping.js (loaded on demand) the Shopping tab's
// Screens reach the shell through shell.js (the Shopping tab's modules) or import app/ directly.

import { loadSession } from "/api.js";
import { loadMessages } from "/messages.js";
import { store } from "/data/store.js";
import { sync } from "/data/sync.js";
import { shell } from "/shell.js";
import { go, render, showLoadError, showLoadFailure, showLoadingSoon, startRouter, up } from "/app/router.js";
import { noteError, setOnline, startConnection } from "/app/connection.js";
import { connectEvents, scheduleRefresh } from "/app/live.js";
import { captureFocus, restoreFocus } from "/app/focus.js";
import { setUpAccount, showAccount } from "/app/account.js";
import { wordPage } from "/app/page-text.js";

/** The user whose store to open: the signed-in one, or null (single-user mode). */
const userOf = (session) => (session?.mode === "accounts" ? session.user : null);

async function start() {
  Object.assign(shell, {
    go, up, render, scheduleRefresh, noteError, setOnline, showLoadingSoon, showLoadError, showLoadFailure,
    captureFocus, restoreFocus,
  });
  // The signed-in user's store opens from IndexedDB, so the first screen paints from it. Who
  // that is comes from the session; offline (no answer soon) it is the last user on this device,
  // and once the session answers, a different user gets their own store (never the other's data).
  const words = loadMessages(document.documentElement.lang || "en");
  const first = await Promise.race([loadSession(), new Promise((resolve) => setTimeout(() => resolve(undefined), 1500))]);
  // Every screen's words come from the catalogue (messages.js): the first paint waits for them
  // (the page preloads them; offline the service worker has them), and so does the store, which
  // words what it computes as it opens (a list's subtitle, with edits not sent yet).
  await words.catch(() => undefined); // keys show rather than no app
  wordPage();
  await (first ? store.open(userOf(first)) : store.open());
  startConnection();
  setUpAccount((session) => {
    if (!session) return;
    const user = userOf(session);
    if (user !== store.user) store.open(user).then(() => render({ direction: "none" }));
  });
  startRouter();
  connectEvents();
  sync.start().catch(() => undefined);
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // A module worker: it imports the outbox to send a notification's Done (sw.js).
    navigator.serviceWorker.register("/sw.js", { type: "module" }).catch(() => {
      /* no offline shell; the app still works online */
    });
  }
  window.addEventListener("online", () => {
    scheduleRefresh(0);
    loadSession().then(showAccount); // when it could not be asked offline
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") scheduleRefresh(0);
  });
}

start();
