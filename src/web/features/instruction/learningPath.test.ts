import { describe, expect, it } from 'vitest';
import { presetById } from '../../../music/embellishmentPresets.ts';
import { flashModes } from '../../../music/flashCardRules.ts';
import { libraryTunes } from '../../../music/library/libraryTunes.ts';
import { matchRoute } from '../../../contracts/routes.ts';
import { learningPath } from './learningPath.ts';

const links = learningPath.flatMap((step) => step.links);

describe('issue 16.5 the learning path', () => {
  it('issue 16.5: the steps are the issue’s lessons, in its order', () => {
    expect(learningPath.map((s) => s.title)).toEqual([
      'The nine notes',
      'The scale',
      'Single gracenotes',
      'Doublings',
      'Throws',
      'Grips',
      'Taorluaths',
      'Birls',
      'First tunes',
    ]);
    for (const step of learningPath) {
      expect(step.links.length, step.id).toBeGreaterThan(0);
      expect(step.done.length, step.id).toBeGreaterThan(20);
    }
  });

  it("R-1.ABOUT-07 issue 19.2: tutors' learning path offers 'Compose a tune' (the AI Composer)", () => {
    expect(links).toContainEqual({ label: 'Compose a tune', to: '/aisheetnovel' });
  });

  it('issue 16.5: every link is a real route', () => {
    for (const { to } of links) {
      const url = new URL(to, 'https://example.org');
      expect(matchRoute(url.pathname), to).toBeDefined();
    }
  });

  it('issue 16.5: every exercise a link asks for exists (preset, mode, library tune)', () => {
    for (const { to } of links) {
      const query = new URL(to, 'https://example.org').searchParams;
      const preset = query.get('preset');
      if (preset) expect(presetById(preset), to).toBeDefined();
      const mode = query.get('mode');
      if (mode) expect(flashModes, to).toContain(mode);
      const tune = query.get('tune');
      // Built-in tunes are seeded into the library with their title's slug (the server's
      // slugOf in services/library/tuneText.ts: lower case, words joined by '-').
      const slugs = libraryTunes.map((t) =>
        t.title
          .toLowerCase()
          .replace(/['’]/g, '')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      );
      if (tune) expect(slugs, to).toContain(tune);
    }
  });
});
