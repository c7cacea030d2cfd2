// CalDAV password: the sheet, opened from Command line & tokens, that makes an app password for
// one phone or computer (an API token named "CalDAV on <device>", POST /api/v1/tokens with the
// user's password given again) and shows, this once, what its reminders or calendar app asks
// for: the server address (clients find their way from the root: /.well-known/caldav, then the
// principal), the user name and the password, each with a Copy button, and where each family of
// apps takes them (docs/CALDAV.md says more). The password is revoked in Command line & tokens.
//
// data-testid hooks: caldav-sheet (the <dialog>), caldav-title, caldav-done, caldav-form,
// caldav-device, caldav-account-password, caldav-make, caldav-error, caldav-made (the answer),
// caldav-server, caldav-user, caldav-password (each value, as text), caldav-copy-server,
// caldav-copy-user, caldav-copy-password, caldav-token-name, caldav-http-warning, caldav-apps.

import { store } from "/data/store.js";
import { announce, h, presentSheet } from "/views.js";

/** What a token for CalDAV is called: "CalDAV on iPhone", or "CalDAV" without a device. */
export const calDAVTokenName = (device) => {
  const name = device.trim().replace(/\s+/g, " ");
  return name ? `CalDAV on ${name}` : "CalDAV";
};

/** True when the page is on plain HTTP away from this computer, where the server refuses CalDAV sign-ins. */
const plainHTTPOffLoopback = () =>
  location.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);

// Where each family of apps takes the account. Keep these as true as docs/CALDAV.md is.
const APPS = [
  ["iPhone, iPad (Reminders)",
    "Settings › Apps › Calendar › Calendar Accounts › Add Account › Other › Add CalDAV Account (before iOS 18: Settings › Calendar › Accounts); leave Reminders on."],
  ["Mac (Reminders)", "System Settings › Internet Accounts › Add Other Account… › CalDAV Account, account type Manual."],
  ["Android", "DAVx⁵ › Add account › Login with URL and user name; then pick Tasks.org or jtx Board as its tasks app."],
  ["Thunderbird", "New Calendar › On the Network: the user name and the server address as its location."],
  ["Evolution, GNOME", "Evolution: New › Task List, type CalDAV, then Find Task Lists. GNOME: Settings › Online Accounts › Calendar, Contacts and Files."],
  ["Command line", "vdirsyncer (a caldav storage with this address) with todoman."],
];

/**
 * Opens the CalDAV password sheet for `user` over whatever is open. Resolves when it closes,
 * with the token made (`{id, name}`) or null; focus then goes back to `returnFocus`.
 */
export function openCalDAVPasswordSheet({ user, returnFocus } = {}) {
  let made = null;
  const title = h("h2", {
    class: "sheet-title", id: "caldav-title", tabindex: "-1", "data-testid": "caldav-title", text: "CalDAV Password",
  });
  const done = h("button", { type: "button", class: "nav-button strong", "data-testid": "caldav-done", text: "Cancel" });

  // MARK: The form: which device, and the user's password to say it is them
  const device = h("input", {
    type: "text", class: "text-field", id: "caldav-device", name: "device", autocomplete: "off",
    placeholder: "iPhone", maxlength: "60", spellcheck: "false", "data-testid": "caldav-device",
    "aria-describedby": "caldav-device-hint",
  });
  const password = h("input", {
    type: "password", class: "text-field", id: "caldav-account-password", name: "password",
    autocomplete: "current-password", required: true, "data-testid": "caldav-account-password",
    "aria-describedby": "caldav-password-hint",
  });
  // The user name, for password managers filling the form (not shown).
  const userField = h("input", {
    type: "text", class: "vh", name: "username", autocomplete: "username", value: user, readonly: true,
    tabindex: "-1", "aria-hidden": "true",
  });
  const error = h("p", { class: "form-error caldav-error", id: "caldav-error", role: "alert", "data-testid": "caldav-error" });
  const make = h("button", { type: "submit", class: "plain-button caldav-make", "data-testid": "caldav-make", text: "Make Password" });
  const form = h("form", { class: "caldav-form", "data-testid": "caldav-form", novalidate: true, "aria-labelledby": "caldav-title" },
    h("p", { class: "sheet-intro", text:
      "A phone’s or computer’s own reminders app can sync your lists, shared ones too, over CalDAV. " +
      "Give each device its own password: revoke it here once the device is gone." }),
    userField,
    h("ul", { class: "group caldav-fields" },
      h("li", { class: "row field-row" },
        h("label", { class: "row-label caldav-label", for: "caldav-device", text: "Device" }), device),
      h("li", { class: "row field-row" },
        h("label", { class: "row-label caldav-label", for: "caldav-account-password", text: "Your password" }), password)),
    h("p", { class: "form-hint caldav-hint", id: "caldav-device-hint", text: "The device’s name, to know its password in the list later (optional)." }),
    h("p", { class: "form-hint caldav-hint", id: "caldav-password-hint", text: `Your own Checklists password (${user}’s), to confirm it is you.` }),
    error,
    h("div", { class: "caldav-actions" }, make));

  const answer = h("div", { class: "caldav-made", "data-testid": "caldav-made", hidden: true });
  const body = h("div", { class: "sheet-body" }, form, answer);
  const dialog = h("dialog", { class: "sheet caldav-sheet", "aria-labelledby": "caldav-title", "data-testid": "caldav-sheet" },
    h("header", { class: "sheet-bar" }, h("span"), title, done), body);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (!password.value) {
      error.textContent = "Enter your password to make a CalDAV password.";
      password.setAttribute("aria-invalid", "true");
      password.focus();
      return;
    }
    password.removeAttribute("aria-invalid");
    make.disabled = true;
    try {
      const token = await store.createToken(user, password.value, calDAVTokenName(device.value));
      if (!dialog.open) return;
      made = { id: token.id, name: token.name };
      showAnswer(token);
    } catch (e) {
      if (!dialog.open) return;
      error.textContent = e.isNetwork ? "Can’t reach the server. Try again." : e.detail || e.message;
      if (e.status === 401) {
        password.setAttribute("aria-invalid", "true");
        password.select();
      }
      password.focus();
    } finally {
      make.disabled = false;
    }
  });

  // MARK: The answer: what the device needs, shown this once
  function valueRow(label, value, key, what) {
    const id = `caldav-${key}`;
    const code = h("code", { class: "caldav-value", id, "data-testid": id, text: value });
    // One tap selects the whole value, ready to copy where there is no Copy button (plain http).
    code.addEventListener("click", () => getSelection()?.selectAllChildren(code));
    let copy = null;
    if (navigator.clipboard?.writeText) {
      copy = h("button", {
        type: "button", class: "plain-button small", "data-testid": `caldav-copy-${key}`,
        "aria-label": `Copy ${what}`, text: "Copy",
      });
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(value);
          copy.textContent = "Copied";
          announce(`Copied the ${what}.`);
          setTimeout(() => (copy.textContent = "Copy"), 2000);
        } catch {
          getSelection()?.selectAllChildren(code);
        }
      });
    }
    return h("li", { class: "row caldav-value-row" },
      h("span", { class: "row-text" }, h("span", { class: "row-sub caldav-value-label", text: label }), code),
      copy);
  }

  function showAnswer(token) {
    const warning = plainHTTPOffLoopback()
      ? h("p", { class: "caldav-warning", role: "note", "data-testid": "caldav-http-warning", text:
        "This page is on plain HTTP: the server takes CalDAV sign-ins only over HTTPS (or on this computer). " +
        "Put it behind HTTPS first (docs/DEPLOYMENT.md)." })
      : null;
    answer.replaceChildren(...[
      h("p", { class: "sheet-intro caldav-made-intro", id: "caldav-made-intro" },
        "Enter these in the device’s account settings. The password is shown only now; it is listed as ",
        h("strong", { "data-testid": "caldav-token-name", text: `“${token.name}”` }),
        " in Command line & tokens, where you can revoke it."),
      warning,
      h("ul", { class: "group caldav-values", "aria-labelledby": "caldav-made-intro" },
        valueRow("Server", location.origin, "server", "server address"),
        valueRow("User name", token.user, "user", "user name"),
        valueRow("Password", token.token, "password", "password")),
      h("h3", { class: "sheet-heading", id: "caldav-apps-heading", text: "Where to enter them" }),
      h("dl", { class: "group caldav-apps", "data-testid": "caldav-apps", "aria-labelledby": "caldav-apps-heading" },
        ...APPS.flatMap(([app, how]) => [h("dt", { text: app }), h("dd", { text: how })])),
    ].filter(Boolean));
    form.hidden = true;
    answer.hidden = false;
    done.textContent = "Done";
    dialog.dataset.made = "true";
    announce("CalDAV password made. It is shown only now.");
    (answer.querySelector("[data-testid=caldav-copy-password]") ?? title).focus();
  }

  const { closed } = presentSheet({ dialog, done, title, opener: returnFocus ?? document.activeElement, result: () => made });
  device.focus();
  return closed;
}
