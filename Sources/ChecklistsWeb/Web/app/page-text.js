// The words of the page itself (index.html): its skip link, tab bar, account menu, banner and
// confirm dialog, put in from the catalogue (messages.js) once it has loaded. index.html keeps
// the English words too, so that the page reads before the modules have loaded; from then on
// they are the catalogue's, in the reader's language.

import { t } from "/messages.js";
import { hidden, messageNodes } from "/views.js";

/** Text content by selector: [selector, key]. */
const TEXTS = [
  [".skip-link", "web.page.skipToContent"],
  ["#banner-retry", "web.banner.retry"],
  ["[data-testid=tab-checklists] .tab-label", "web.tab.checklists"],
  ["[data-testid=tab-shopping] .tab-label", "web.tab.shopping"],
  ["#account-tokens", "web.account.tokens"],
  ["#account-settings", "web.account.settings"],
  ["#sign-out", "web.account.signOut"],
  ["#confirm-title", "web.confirm.title"],
  [".confirm-cancel", "web.confirm.cancel"],
  ["#confirm-ok", "web.confirm.delete"],
];

/** aria-label by selector: [selector, key]. */
const LABELS = [
  ["#sidebar", "web.sidebar.label"],
  ["#tabbar", "web.tab.label"],
];

/** Puts the catalogue's words into the page's own elements. */
export function wordPage() {
  for (const [selector, key] of TEXTS) {
    const element = document.querySelector(selector);
    if (element) element.textContent = t(key);
  }
  for (const [selector, key] of LABELS) document.querySelector(selector)?.setAttribute("aria-label", t(key));
  // "Signed in as alice": hidden from sight in the tab bar (the name shows), in full in the menu.
  const name = document.getElementById("account-name");
  const glyph = document.querySelector("#account-button .glyph");
  if (name && glyph) {
    document.getElementById("account-button").replaceChildren(glyph, ...messageNodes("web.account.signedInAs", { user: name }, {}, hidden));
  }
  const user = document.getElementById("account-user");
  user?.parentElement.replaceChildren(...messageNodes("web.account.signedInAs", { user }));
}
