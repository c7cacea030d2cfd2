// DOM building blocks shared by the screens: elements, icons, the navigation bar,
// toasts, the confirm dialog, announcements and date formatting.
// Text is always set with textContent: nothing from the server reaches innerHTML.
// Every word comes from the message catalogue (messages.js, docs/MESSAGES.md).

import { t } from "/messages.js";

/** Creates an element. `text` sets textContent, `on…` adds listeners, `dataset` fills data-*. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

/** A decorative icon for one of the ten list icons (drawn by CSS from /icons/*.svg). */
export function iconEl(name) {
  return h("span", { class: "icon", "data-icon-image": name || "No Icon", "aria-hidden": "true" });
}

/** A visually hidden piece of text, read by screen readers. */
export const hidden = (text) => h("span", { class: "vh", text });

/**
 * A catalogue message with elements in it, as nodes to append: `nodes` are the arguments that
 * are elements (`{ command: h("code", …) }`), `args` the text ones; `wrap(text)` makes a node
 * of each run of text between them (plain text by default).
 */
export function messageNodes(key, nodes, args = {}, wrap = (text) => text) {
  const text = t(key, args);
  const out = [];
  let last = 0;
  for (const match of text.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    if (!(match[1] in nodes)) continue;
    if (match.index > last) out.push(wrap(text.slice(last, match.index)));
    out.push(nodes[match[1]]);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(wrap(text.slice(last)));
  return out;
}

// MARK: - Navigation bar

const navLeft = () => document.getElementById("nav-left");
const navRight = () => document.getElementById("nav-right");
const navTitle = () => document.getElementById("nav-title");

/** Fills the navigation bar: nodes on the left and right, and the screen's title. */
export function setNav({ left = [], title, right = [] }) {
  navLeft().replaceChildren(...left);
  navRight().replaceChildren(...right);
  setTitle(title);
}

/** Changes the title shown in the bar and the document's title. */
export function setTitle(title) {
  navTitle().textContent = title;
  // A screen without a title yet (say a list not kept offline) still names its heading.
  if (title) navTitle().removeAttribute("aria-label");
  else navTitle().setAttribute("aria-label", t("web.app.name"));
  const app = t("web.app.name");
  document.title = !title || title === app ? app : t("web.app.documentTitle", { title });
}

/** A text button in the bar ("Cancel", "Done", "Edit"). */
export function navButton(label, testid, onclick, extra = {}) {
  return h("button", { type: "button", class: "nav-button", "data-testid": testid, onclick, ...extra }, label);
}

/** The "‹ Title" back button. */
export function backButton(label, onclick) {
  return h(
    "button",
    { type: "button", class: "nav-button back", "data-testid": "back", onclick },
    h("span", { class: "glyph glyph-back", "aria-hidden": "true" }),
    ...(label === t("web.nav.back") ? [label] : messageNodes("web.nav.backTo", { title: label }, {}, hidden)),
  );
}

/** The "+" button in the bar. */
export function addButton(label, testid, onclick) {
  return h(
    "button",
    { type: "button", class: "nav-button icon-only", "aria-label": label, "data-testid": testid, onclick },
    h("span", { class: "glyph glyph-plus", "aria-hidden": "true" }),
  );
}

// MARK: - Toasts and announcements

/**
 * Shows a short message at the bottom of the screen (inside the role="status" region).
 * - Parameters: `action`/`onAction` add a button (e.g. "Undo"); `timeout` in ms.
 * - Returns: a function that removes the toast.
 */
export function toast(message, { action, onAction, timeout = 5000, kind = "" } = {}) {
  const box = document.getElementById("toasts");
  const el = h("div", { class: `toast ${kind}`, "data-testid": "toast" }, h("span", { class: "toast-text", text: message }));
  let timer = 0;
  const remove = () => {
    clearTimeout(timer);
    el.remove();
  };
  if (action) {
    el.append(
      h("button", {
        type: "button",
        class: "toast-action",
        "data-testid": "toast-action",
        text: action,
        onclick: () => {
          remove();
          onAction?.();
        },
      }),
    );
  }
  el.append(
    h("button", { type: "button", class: "toast-close", "aria-label": t("web.toast.dismiss"), "data-testid": "toast-dismiss", onclick: remove },
      h("span", { class: "glyph glyph-close", "aria-hidden": "true" })),
  );
  // Keep a toast while the pointer or focus is on it, so its button can be reached.
  const arm = () => {
    clearTimeout(timer);
    if (timeout) timer = setTimeout(remove, timeout);
  };
  el.addEventListener("pointerenter", () => clearTimeout(timer));
  el.addEventListener("pointerleave", arm);
  el.addEventListener("focusin", () => clearTimeout(timer));
  el.addEventListener("focusout", arm);
  while (box.children.length >= 3) box.firstElementChild.remove();
  box.append(el);
  arm();
  return remove;
}

/** Says something to screen readers without showing it. */
export function announce(message) {
  const el = document.getElementById("announcer");
  el.textContent = "";
  // A fresh text node after a tick makes screen readers repeat identical messages.
  setTimeout(() => {
    el.textContent = message;
  }, 30);
}

// MARK: - Confirm dialog

/** Asks a yes/no question in the page's modal dialog; resolves to true when confirmed. */
export function confirmDialog({ title, message, confirm = t("web.confirm.delete") }) {
  const dialog = document.getElementById("confirm");
  const opener = document.activeElement;
  document.getElementById("confirm-title").textContent = title;
  document.getElementById("confirm-message").textContent = message;
  document.getElementById("confirm-ok").textContent = confirm;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        resolve(dialog.returnValue === "confirm");
        if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
      },
      { once: true },
    );
    dialog.showModal();
    dialog.querySelector(".confirm-cancel").focus();
  });
}

// MARK: - Sheets

/**
 * Shows a `<dialog class="sheet">` as a modal sheet: its Done button and a click on the
 * backdrop close it, focus goes to its title, and when it closes it leaves the page and focus
 * goes back to `opener`.
 * - Returns: `close()`, and `closed`, a promise of `result()` taken once it has closed.
 */
export function presentSheet({ dialog, done, title, opener, onClose = () => {}, result = () => undefined }) {
  const closed = new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      onClose();
      dialog.remove();
      if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
      resolve(result());
    }, { once: true });
  });
  const close = () => dialog.open && dialog.close();
  done.addEventListener("click", close);
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) close();
  });
  document.body.append(dialog);
  dialog.showModal();
  title.focus();
  return { close, closed };
}

// MARK: - Dates

const dueFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A due date as the rows show it, in the local time zone. */
export const formatDue = (date) => dueFormat.format(date);

const pad = (n) => String(n).padStart(2, "0");

/** An ISO date as the value of an `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of a datetime-local input as a Date (local time), or null. */
export function fromLocalInput(value) {
  if (!value) return null;
  const m = /^(\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?/.exec(value);
  if (!m) return null;
  const d = new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], 0, 0);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The next full hour from now, as a Date. */
export function nextFullHour(now = new Date()) {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d;
}
