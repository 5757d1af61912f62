/**
 * Evaluates a prerendered page's modules one at a time before it hydrates (issue 21 item 3).
 *
 * A module graph is evaluated in one task: importing a screen whose chunk pulls in zod, the API
 * route table and the screen's own code ran them all in one ~20 ms task (~90 ms at Lighthouse's
 * 4× CPU slowdown on /leader-board and /sheet-music). Chromium evaluates each `import()` in a
 * task of its own, so importing the page's modules one by one, dependencies first, leaves the
 * browser free to handle input between them. A module already evaluated costs nothing; each
 * module still runs after its own imports, as the language guarantees, so only the order of
 * unrelated modules changes.
 *
 * The page names its modules in its boot script's `data-modules` (scripts/prerender.ts), the
 * entry first and each chunk before the chunks it imports; they are imported last to first.
 * A module that fails to load stops the loop (the caller goes on to the screen's own load, which
 * reports it: loadChunk).
 */
export async function evaluateInTurn(
  modules: readonly string[],
  load: (href: string) => Promise<unknown>,
): Promise<void> {
  for (const href of modules.slice(1).reverse()) await load(href);
}

/** The modules the prerendered page names, or none (dev server, guarded routes). */
export const pageModules = (doc: Document): string[] =>
  doc.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset.modules?.split(' ') ?? [];
