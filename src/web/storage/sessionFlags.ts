/**
 * One-shot flags kept for the browser tab's session. The settings store (src/web/storage) is
 * the only code that touches Web Storage; this module is its smallest piece.
 */
const PREFIX = 'chanterlab:once:';

/** Returns true the first time it is called for a key in this tab session, false after. */
export function consumeOnce(key: string): boolean {
  try {
    const full = PREFIX + key;
    if (window.sessionStorage.getItem(full) !== null) return false;
    window.sessionStorage.setItem(full, JSON.stringify(Date.now()));
    return true;
  } catch {
    // Storage disabled: never loop reloading.
    return false;
  }
}
