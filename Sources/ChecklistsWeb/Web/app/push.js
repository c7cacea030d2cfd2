// Reminders that reach a closed phone (docs/PUSH.md): this device's Web Push subscription.
// The item screen calls enablePushReminders() the first time Remind Me is turned on; the
// service worker (sw.js) shows the reminders the server pushes, with Done and In 1 hour.
//
// - Asks for notification permission (once: the browser remembers the answer).
// - Subscribes with the server's VAPID key (GET /api/v1/push/key); a subscription made with
//   another key (the server's database was replaced, say) is dropped and made again.
// - Sends the subscription (POST /api/v1/push/subscriptions: the same endpoint again is
//   harmless, so every call sends it: the server then knows it is this user's).
// - Tells the service worker who is signed in, so a Done tapped while offline is kept in
//   that user's outbox.

import { loadSession, request } from "/api.js";

let running = null;

/**
 * Turns on reminders through Web Push on this device. Idempotent: calls while one runs share
 * it, and a later call only sends the subscription again.
 * - Returns: "granted" (subscribed and the server has it), "denied" (the user said no to
 *   notifications) or "unsupported" (this browser has no Web Push, or its push service could
 *   not be reached: reminders then show only while the app is open).
 * - Throws: the server's ApiError when it cannot be reached or refuses the subscription.
 */
export function enablePushReminders() {
  running ??= subscribe().finally(() => {
    running = null;
  });
  return running;
}

/** Whether this browser can receive Web Push at all. */
export const pushSupported = () =>
  typeof navigator !== "undefined" && "serviceWorker" in navigator
  && typeof PushManager !== "undefined" && typeof Notification !== "undefined";

async function subscribe() {
  if (!pushSupported()) return "unsupported";
  let permission = Notification.permission;
  if (permission === "default") permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";

  const registration = await workerRegistration();
  if (!registration) return "unsupported";
  const { publicKey } = await request("GET", "/push/key");
  const key = fromBase64URL(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options?.applicationServerKey, key)) {
    const old = subscription.endpoint;
    await subscription.unsubscribe().catch(() => false);
    await request("POST", "/push/subscriptions/delete", { body: { endpoint: old } }).catch(() => undefined);
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await withinSeconds(
        SUBSCRIBE_SECONDS, registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    } catch (error) {
      // No push service (offline, or a browser build without one): reminders show while open.
      console.warn(`Checklists could not subscribe to push notifications (${error?.name}: ${error?.message}).`);
      return "unsupported";
    }
  }
  await request("POST", "/push/subscriptions", { body: subscription.toJSON() });
  const session = await loadSession();
  registration.active?.postMessage({ type: "push-user", user: session?.mode === "accounts" ? session.user : null });
  return "granted";
}

/**
 * How long subscribing may take. A browser whose push service cannot be reached (no network,
 * a firewall) may neither subscribe nor fail for minutes; Remind Me must not wait on it.
 */
const SUBSCRIBE_SECONDS = 10;

/** `promise`, or a TimeoutError once `seconds` pass without it settling. */
function withinSeconds(seconds, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new DOMException(`no answer from the push service in ${seconds} s`, "TimeoutError")),
      seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The service worker's registration (registered by app.js), or null without one. */
async function workerRegistration() {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) return null;
  return navigator.serviceWorker.ready;
}

/** The bytes of a base64url string (the VAPID key as the server gives it). */
export function fromBase64URL(text) {
  const base64 = String(text).replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(buffer, bytes) {
  if (!buffer) return false;
  const a = new Uint8Array(buffer);
  return a.length === bytes.length && a.every((b, i) => b === bytes[i]);
}
