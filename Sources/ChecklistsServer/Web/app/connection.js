// The connection banner: shown while the server can't be reached, with Retry.

import { ApiError } from "/api.js";
import { refreshNow } from "/app/live.js";

let online = true;

/** Whether the last request reached the server. */
export const isOnline = () => online;

/** Marks the server reachable or not, and shows or hides the banner. */
export function setOnline(value) {
  if (online === value) return;
  online = value;
  document.getElementById("banner").hidden = value;
  document.body.classList.toggle("offline", !value);
  if (!value) scheduleRetry();
}

let retryTimer = 0;
function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(async () => {
    if (online) return;
    await refreshNow();
    if (!online) scheduleRetry();
  }, 4000);
}

/** Handles an error from a background refresh; returns true when it was about the connection. */
export function noteError(error) {
  if (error instanceof ApiError && error.isNetwork) {
    setOnline(false);
    return true;
  }
  return false;
}

/** Wires the banner's Retry button. */
export function startConnection() {
  document.getElementById("banner-retry").addEventListener("click", () => refreshNow());
}
