import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { barsOf } from '../tune/tune.ts';
import {
  isPublicDomainIn,
  libraryRights,
  PUBLIC_DOMAIN_TERM_YEARS,
  rightsOf,
  TRADITIONAL,
  type LibraryRights,
} from './libraryRights.ts';
import { libraryFileIds, libraryTunes } from './libraryTunes.ts';
// Through Vite's raw import, as the library reads its .bww files: src/music uses no Node APIs.
import readme from './README.md?raw';

/** The year the rights were stated; a named composer must have died before 1956. */
const STATED_IN = 2026;

describe('built-in library rights (issue 15 item 10)', () => {
  it('issue 15.10: every library tune has exactly one rights record, and every record a tune', () => {
    const ids = libraryRights.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(libraryTunes.map((t) => t.id).sort());
    expect([...ids].sort()).toEqual([...libraryFileIds].sort());
    for (const tune of libraryTunes) expect(rightsOf(tune.id)?.id, tune.id).toBe(tune.id);
  });

  it('issue 15.10: every melody is traditional or its composer died more than 70 years before 2026', () => {
    for (const r of libraryRights) {
      expect(r.licence, r.id).toBe('public-domain');
      expect(r.composer.trim(), r.id).not.toBe('');
      // 'Traditional' has no death year; a named composer always has one.
      expect(r.composerDied === null, r.id).toBe(r.composer === TRADITIONAL);
      if (r.composerDied !== null) {
        expect(STATED_IN - r.composerDied, r.id).toBeGreaterThan(PUBLIC_DOMAIN_TERM_YEARS);
      }
      expect(isPublicDomainIn(r, STATED_IN), r.id).toBe(true);
    }
  });

  it('issue 15.10: the rule refuses a composer who died 70 years ago or less', () => {
    const named = (composerDied: number): LibraryRights => ({
      ...libraryRights[0]!,
      composer: 'A Composer',
      composerDied,
    });
    expect(isPublicDomainIn(named(1955), STATED_IN)).toBe(true);
    expect(isPublicDomainIn(named(1956), STATED_IN)).toBe(false);
    expect(isPublicDomainIn(named(1993), STATED_IN)).toBe(false);
    expect(isPublicDomainIn({ ...named(1900), composerDied: null }, STATED_IN)).toBe(false);
  });

  it('issue 15.10: each record names its oldest printed source and gives a one-line verdict', () => {
    for (const r of libraryRights) {
      expect(r.source.title.trim(), r.id).not.toBe('');
      expect(r.source.by.trim(), r.id).not.toBe('');
      if (r.source.year === null) {
        // An unconfirmed first printing is said so, not guessed.
        expect(r.notes, r.id).toMatch(/not confirm/);
      } else {
        expect(r.source.year, r.id).toBeGreaterThan(1600);
        expect(r.source.year, r.id).toBeLessThan(STATED_IN - PUBLIC_DOMAIN_TERM_YEARS);
      }
      expect(r.verdict, r.id).not.toMatch(/\n/);
      if (r.composerDied === null) {
        expect(r.verdict, r.id).toMatch(/^traditional/);
      } else {
        expect(r.verdict, r.id).toContain(`public domain: `);
        expect(r.verdict, r.id).toContain(String(r.composerDied));
      }
    }
  });

  it('issue 15.10: tunes whose melody may still be in copyright are not in the library', () => {
    const ids = libraryTunes.map((t) => t.id);
    const titles = libraryTunes.map((t) => t.title);
    // Mairi's Wedding: printed 1936 (USA: 95 years); Salt Creek: no printed source before the
    // 1960s recordings; Loch Lomond: incomplete, no printed chorus air at hand.
    for (const id of ['mairis-wedding', 'salt-creek', 'loch-lomond']) {
      expect(ids).not.toContain(id);
    }
    for (const title of ["Mairi's Wedding", 'Salt Creek', 'Loch Lomond']) {
      expect(titles).not.toContain(title);
    }
  });

  it('issue 15.10: Down by the Sally Gardens has its whole air, both halves (16 bars)', () => {
    const tune = libraryTunes.find((t) => t.id === 'sally-gardens');
    expect(tune).toBeDefined();
    const [parsed] = parseBww(tune?.bww ?? '').tunes;
    const bars = parsed ? barsOf(parsed).filter((b) => b.items.length > 0) : [];
    // A pickup, then four four-bar phrases: the second half ('She bid me take love easy…' and the
    // return of the opening) was missing before.
    expect(bars.length).toBe(17);
  });

  it('issue 15.10: the library README states each tune with its composer and verdict', () => {
    for (const r of libraryRights) {
      const tune = libraryTunes.find((t) => t.id === r.id);
      const row = readme.split('\n').find((line) => line.startsWith(`| ${tune?.title ?? r.id} `));
      expect(row, r.id).toBeDefined();
      expect(row, r.id).toContain(r.verdict);
      expect(row, r.id).toContain(r.composer);
    }
  });
});
