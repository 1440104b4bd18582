/**
 * Runs `work` when the browser is next idle (at most `timeout` ms later); returns a cancel. For work that must not land
 * in a page load's hydration: a synchronous round trip to the browser process (Notification.permission), slow while
 * the browser is busy loading the page.
 */
export function whenIdle(work: () => void, timeout = 1_000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}
