import { describe, expect, it } from 'vitest';
import { preloadDependencies } from './preloadDependencies.ts';

describe('preloadDependencies', () => {
  it('issue 13.16: the retried widget chunk is not preloaded, its CSS still is', () => {
    expect(
      preloadDependencies('assets/altchaWidget-B0fZlcqQ.js', [
        'assets/altchaWidget-B0fZlcqQ.js',
        'assets/altchaWidget-ClUZTTgP.css',
      ]),
    ).toEqual(['assets/altchaWidget-ClUZTTgP.css']);
  });

  it('issue 13.16: every other dynamic import keeps its preloads', () => {
    const deps = ['assets/TunerScreen-abc.js', 'assets/TunerScreen-def.css', 'assets/shared-1.js'];
    expect(preloadDependencies('assets/TunerScreen-abc.js', deps)).toEqual(deps);
  });
});
