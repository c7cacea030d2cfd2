// What the screen modules need from the app shell (app.js): navigation, the connection state
// and the shared loading and error states. app.js fills this in before the first screen
// renders, so screen modules can use it without importing app.js (which starts the app).

export const shell = {
  /** Opens a path, adding a history entry: go(path, { replace }). */
  go: null,
  /** Returns to the current screen's parent, as Back, Cancel and Done do. */
  up: null,
  /** Re-renders the current URL's screen: render({ direction }). */
  render: null,
  /** Refreshes the current screen soon: scheduleRefresh(delayMs). */
  scheduleRefresh: null,
  /** Notes a failed request; returns true when it was about the connection. */
  noteError: null,
  /** Marks the server reachable (after a request succeeded). */
  setOnline: null,
  /** Shows "Loading…" if data takes more than a moment; returns a function that cancels it. */
  showLoadingSoon: null,
  /** Replaces the screen with a load error and a Try Again button. */
  showLoadError: null,
  /** Replaces the screen with a not-found page or the server's message. */
  showLoadFailure: null,
  /** Remembers / gives back which control in a list has focus across a re-render. */
  captureFocus: null,
  restoreFocus: null,
};

/** The screen's content area. */
export const main = () => document.getElementById("main");
