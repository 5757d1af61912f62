import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { collectCredits } from './credits.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('credits', () => {
  it('R-1.ABOUT-04 lists every direct dependency with its installed version and licence', () => {
    const credits = collectCredits(root);
    const react = credits.find((c) => c.name === 'react');
    expect(react).toMatchObject({ license: 'MIT', use: 'runtime' });
    expect(react?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(react?.url).toMatch(/^https:\/\//);
    expect(credits.find((c) => c.name === 'vite')?.use).toBe('build');
    expect(credits.every((c) => c.license && c.version)).toBe(true);
  });
});
