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
import { announce, h, messageNodes, presentSheet } from "/views.js";
import { t } from "/messages.js";

/** What a token for CalDAV is called: "CalDAV on iPhone", or "CalDAV" without a device. */
export const calDAVTokenName = (device) => {
  const name = device.trim().replace(/\s+/g, " ");
  return name ? t("web.caldav.tokenName", { device: name }) : t("web.caldav.tokenNameBare");
};

/** True when the page is on plain HTTP away from this computer, where the server refuses CalDAV sign-ins. */
const plainHTTPOffLoopback = () =>
  location.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);

// Where each family of apps takes the account. Keep these as true as docs/CALDAV.md is.
// Each is [the apps' name, where they take it], by key.
const APPS = [
  ["web.caldav.app.apple", "web.caldav.app.appleHow"],
  ["web.caldav.app.mac", "web.caldav.app.macHow"],
  ["web.caldav.app.android", "web.caldav.app.androidHow"],
  ["web.caldav.app.thunderbird", "web.caldav.app.thunderbirdHow"],
  ["web.caldav.app.gnome", "web.caldav.app.gnomeHow"],
  ["web.caldav.app.commandLine", "web.caldav.app.commandLineHow"],
];

/**
 * Opens the CalDAV password sheet for `user` over whatever is open. Resolves when it closes,
 * with the token made (`{id, name}`) or null; focus then goes back to `returnFocus`.
 */
export function openCalDAVPasswordSheet({ user, returnFocus } = {}) {
  let made = null;
  const title = h("h2", {
    class: "sheet-title", id: "caldav-title", tabindex: "-1", "data-testid": "caldav-title", text: t("web.caldav.title"),
  });
  const done = h("button", { type: "button", class: "nav-button strong", "data-testid": "caldav-done", text: t("web.common.cancel") });

  // MARK: The form: which device, and the user's password to say it is them
  const device = h("input", {
    type: "text", class: "text-field", id: "caldav-device", name: "device", autocomplete: "off",
    placeholder: t("web.caldav.devicePlaceholder"), maxlength: "60", spellcheck: "false", "data-testid": "caldav-device",
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
  const make = h("button", { type: "submit", class: "plain-button caldav-make", "data-testid": "caldav-make", text: t("web.caldav.make") });
  const form = h("form", { class: "caldav-form", "data-testid": "caldav-form", novalidate: true, "aria-labelledby": "caldav-title" },
    h("p", { class: "sheet-intro", text: t("web.caldav.intro") }),
    userField,
    h("ul", { class: "group caldav-fields" },
      h("li", { class: "row field-row" },
        h("label", { class: "row-label caldav-label", for: "caldav-device", text: t("web.caldav.device") }), device),
      h("li", { class: "row field-row" },
        h("label", { class: "row-label caldav-label", for: "caldav-account-password", text: t("web.caldav.yourPassword") }), password)),
    h("p", { class: "form-hint caldav-hint", id: "caldav-device-hint", text: t("web.caldav.deviceHint") }),
    h("p", { class: "form-hint caldav-hint", id: "caldav-password-hint", text: t("web.caldav.passwordHint", { user }) }),
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
      error.textContent = t("web.caldav.passwordMissing");
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
      error.textContent = e.isNetwork ? t("web.error.unreachableTryAgain") : e.detail || e.message;
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
        "aria-label": t("web.caldav.copyLabel", { what }), text: t("web.common.copy"),
      });
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(value);
          copy.textContent = t("web.common.copied");
          announce(t("web.caldav.copied", { what }));
          setTimeout(() => (copy.textContent = t("web.common.copy")), 2000);
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
      ? h("p", { class: "caldav-warning", role: "note", "data-testid": "caldav-http-warning", text: t("web.caldav.httpWarning") })
      : null;
    answer.replaceChildren(...[
      h("p", { class: "sheet-intro caldav-made-intro", id: "caldav-made-intro" },
        ...messageNodes("web.caldav.madeIntro", {
          name: h("strong", { "data-testid": "caldav-token-name", text: t("web.caldav.quotedName", { name: token.name }) }),
        })),
      warning,
      h("ul", { class: "group caldav-values", "aria-labelledby": "caldav-made-intro" },
        valueRow(t("web.caldav.server"), location.origin, "server", t("web.caldav.serverWhat")),
        valueRow(t("web.caldav.userName"), token.user, "user", t("web.caldav.userNameWhat")),
        valueRow(t("web.caldav.password"), token.token, "password", t("web.caldav.passwordWhat"))),
      h("h3", { class: "sheet-heading", id: "caldav-apps-heading", text: t("web.caldav.whereHeading") }),
      h("dl", { class: "group caldav-apps", "data-testid": "caldav-apps", "aria-labelledby": "caldav-apps-heading" },
        ...APPS.flatMap(([app, how]) => [h("dt", { text: t(app) }), h("dd", { text: t(how) })])),
    ].filter(Boolean));
    form.hidden = true;
    answer.hidden = false;
    done.textContent = t("web.common.done");
    dialog.dataset.made = "true";
    announce(t("web.caldav.made"));
    (answer.querySelector("[data-testid=caldav-copy-password]") ?? title).focus();
  }

  const { closed } = presentSheet({ dialog, done, title, opener: returnFocus ?? document.activeElement, result: () => made });
  device.focus();
  return closed;
}
