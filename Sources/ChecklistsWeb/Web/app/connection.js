// The connection banner (docs/WEB-CLIENT.md), on every screen: offline, "Offline — 3 changes waiting"
// (or "Offline — changes you make are kept"); online while the outbox sends, "Sending 3
// changes…"; gone as soon as it is online with nothing waiting. It follows the store's
// "outbox" and "connection" topics.
//
// data-testid hooks: offline-banner (role=status), pending-count (data-count), retry.

import { ApiError } from "/api.js";
import { h } from "/views.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { sync } from "/data/sync.js";

/** Whether the app can reach the server, as the store last found. */
export const isOnline = () => store.online;

/** What the banner says for a connection state and a count of unsent changes ("" hides it). */
export function bannerText(online, count) {
  if (!online) return count > 0 ? t("web.banner.offlineWaiting", { count }) : t("web.banner.offline");
  return count > 0 ? t("web.banner.sending", { count }) : "";
}

function paint() {
  const banner = document.getElementById("banner");
  const online = store.online;
  const count = store.pendingCount();
  const text = bannerText(online, count);
  banner.hidden = !text;
  banner.dataset.state = online ? "sending" : "offline";
  document.body.classList.toggle("offline", !online);
  document.body.classList.toggle("banner-shown", !!text);
  const label = document.getElementById("banner-text");
  if (label.textContent !== text) {
    // The number is its own element (pending-count) so tests and styles can find it.
    const counter = h("span", { id: "pending-count", "data-testid": "pending-count", text: String(count) });
    const at = count > 0 ? text.indexOf(String(count)) : -1;
    if (at >= 0) label.replaceChildren(text.slice(0, at), counter, text.slice(at + String(count).length));
    else label.replaceChildren(text, Object.assign(counter, { hidden: true }));
  }
  document.getElementById("pending-count").dataset.count = String(count);
  document.getElementById("banner-retry").hidden = online;
}

/**
 * For the screens that still make their own requests (the Shopping tab until it uses the
 * store): a request failed; returns true when it was about the connection.
 */
export function noteError(error) {
  return error instanceof ApiError && error.isNetwork;
}

/** A request of a screen reached the server (the store finds out by itself). */
export function setOnline() {}

/** Shows the banner for the store's state now and whenever it changes. */
export function startConnection() {
  document.getElementById("banner-retry").addEventListener("click", () => {
    sync.flush();
    sync.catchUp().catch(() => undefined);
  });
  store.subscribe((topics) => {
    if (topics.has("outbox") || topics.has("connection")) paint();
  });
  paint();
}
