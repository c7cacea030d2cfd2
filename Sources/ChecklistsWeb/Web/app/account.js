// Who is signed in: once the server has accounts, the user's name in the tab bar, with
// Command line & tokens (tokens.js), Settings (settings.js) and Sign out in its menu.
//
// data-testid hooks: account, account-button, account-name, account-menu, account-tokens,
// account-settings, sign-out.

import { loadSession, signOut } from "/api.js";
import { openTokensSheet } from "/tokens.js";
import { shell } from "/shell.js";


/**
 * Once the server has accounts: the user's name in the tab bar, with Command line & tokens and
 * Sign out in its menu.
 */
export function showAccount(known) {
  const box = document.getElementById("account");
  if (!known || known.mode !== "accounts") {
    box.hidden = true;
    return;
  }
  document.getElementById("account-name").textContent = known.user;
  document.getElementById("account-user").textContent = known.user;
  box.hidden = false;
}

/** Wires the account menu; `onSession(session)` hears who is signed in once known. */
export function setUpAccount(onSession = () => {}) {
  const menu = document.getElementById("account-menu");
  const button = document.getElementById("account-button");
  // Without the Popover API the button shows and hides the menu itself.
  if (!("popover" in HTMLElement.prototype)) {
    menu.hidden = true;
    menu.classList.add("no-popover");
    button.setAttribute("aria-expanded", "false");
    button.addEventListener("click", () => {
      menu.hidden = !menu.hidden;
      button.setAttribute("aria-expanded", String(!menu.hidden));
    });
  }
  // The sheet opens over the page; closing it gives focus back to the account button.
  document.getElementById("account-tokens").addEventListener("click", () => {
    if (menu.classList.contains("no-popover")) {
      menu.hidden = true;
      button.setAttribute("aria-expanded", "false");
    } else {
      menu.hidePopover();
    }
    openTokensSheet({ returnFocus: button });
  });
  // Settings (the currency, Import…) open in the app, without a page load.
  document.getElementById("account-settings").addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (menu.classList.contains("no-popover")) {
      menu.hidden = true;
      button.setAttribute("aria-expanded", "false");
    } else {
      menu.hidePopover();
    }
    shell.go("/shopping/settings");
  });
  // Sign out at once through the API; the link itself (/logout) asks first, if this fails.
  document.getElementById("sign-out").addEventListener("click", async (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    try {
      await signOut();
    } catch {
      location.assign("/logout");
    }
  });
  loadSession().then((session) => {
    showAccount(session);
    onSession(session);
  });
}
