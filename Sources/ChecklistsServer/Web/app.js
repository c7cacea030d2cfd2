// Checklists web app: wires the modules and starts the app.
//   app/router.js      the one router (both tabs), history, the tab bar, rendering screens
//   app/connection.js  the connection banner
//   app/live.js        the event stream: live updates and reminders
//   app/account.js     who is signed in, the account menu
//   checklists/*.js    the Checklists tab's screens; shopping.js (loaded on demand) the Shopping tab's
// Screens reach the shell through shell.js (the Shopping tab's modules) or import app/ directly.

import { loadSession } from "/api.js";
import { shell } from "/shell.js";
import { go, render, showLoadError, showLoadFailure, showLoadingSoon, startRouter, up } from "/app/router.js";
import { noteError, setOnline, startConnection } from "/app/connection.js";
import { connectEvents, scheduleRefresh } from "/app/live.js";
import { captureFocus, restoreFocus } from "/app/focus.js";
import { setUpAccount, showAccount } from "/app/account.js";

function start() {
  Object.assign(shell, {
    go, up, render, scheduleRefresh, noteError, setOnline, showLoadingSoon, showLoadError, showLoadFailure,
    captureFocus, restoreFocus,
  });
  startConnection();
  setUpAccount();
  startRouter();
  connectEvents();
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("/sw.js").catch(() => {
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
