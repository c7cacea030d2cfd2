// Keeping focus on the same control while a list's rows are rebuilt.

/** Remembers which control in a list has focus, so re-rendering can give it back. */
export function captureFocus(ul) {
  const active = document.activeElement;
  if (!active || !ul.contains(active)) return null;
  const li = active.closest("li");
  return { li, testid: active.dataset.testid, index: Array.prototype.indexOf.call(ul.children, li) };
}

/** Gives focus back to the remembered control (or its row's first button) after a re-render. */
export function restoreFocus(ul, focus) {
  if (!focus || ul.contains(document.activeElement)) return;
  let li = focus.li && focus.li.isConnected ? focus.li : null;
  li ??= ul.children[Math.min(focus.index, ul.children.length - 1)] ?? null;
  const target = li?.querySelector(`[data-testid="${focus.testid}"]`) || li?.querySelector("button");
  (target || document.getElementById("nav-title")).focus({ preventScroll: true });
}
