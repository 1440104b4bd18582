/**
 * Runs `work` when the browser is next idle (at most `timeout` ms later); returns a cancel. For work that must not land
 * in a page load's hydration: synchronous round trips to the browser process (Notification.permission, a `storage`
 * listener), which take 7–16 ms there while the browser is busy loading the page.
 */
export function whenIdle(work: () => void, timeout = 1_000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}
