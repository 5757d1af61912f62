/**
 * Which files Vite preloads before a dynamic import (`build.modulePreload.resolveDependencies`).
 *
 * Vite lists the imported chunk itself among its preloads: it adds
 * `<link rel="modulepreload">` for the chunk, waits for the chunk's CSS, then calls `import()`.
 * For the human-check widget that made a failed first load fetch the script twice: when the
 * preload had already failed by the time `import()` ran (the CSS wait is longer on a busy
 * machine), Chromium fetched it again. So one attempt of the loader's 1 + 2 retries (spec §9
 * 'Captcha loader retries: at most 2') could be two requests, and e2e/forms.e2e.ts saw 4
 * instead of 3 under load (issue 13.16). A chunk whose load is retried by our own code is not
 * preloaded; its CSS and shared chunks still are.
 */

/** Chunks loaded through a retrying loader (src/web/lib/captcha.ts imports altchaWidget.ts). */
export const RETRIED_CHUNKS = [/(^|\/)altchaWidget-[^/]+\.js$/];

export function preloadDependencies(filename: string, deps: string[]): string[] {
  if (!RETRIED_CHUNKS.some((pattern) => pattern.test(filename))) return deps;
  return deps.filter((dep) => dep !== filename);
}
