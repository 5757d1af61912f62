import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('Add to a playlist styles (issue 19.2, omr-ux)', () => {
  it('issue 19.2: every class the dialog uses is styled in its own stylesheet, so /aisheetnovel (no library CSS) shows its error and notes as on the library page', () => {
    const css = read('./addToPlaylist.css');
    const dialog = read('./AddToPlaylistDialog.tsx');
    const classes = [...dialog.matchAll(/className="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/));
    expect(classes.length).toBeGreaterThan(3);
    for (const name of classes) expect(css, `.${name}`).toMatch(new RegExp(`\\.${name}\\b`));
  });
});
