/** The longest a task waits for an idle moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Runs `task` once the page is idle (after the start's work), or after a few seconds at
 * the latest; returns a cancel. For work that should be done before it is needed but must
 * not compete with the start, such as fetching the modules of a dialog ahead of its opening.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, IDLE_TIMEOUT_MS / 3);
  return () => clearTimeout(timer);
}
