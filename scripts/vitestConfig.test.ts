/**
 * The test projects' waits are bounds for hangs, not speed checks (ADR 016, item 5): a browser
 * test's expect.poll without its own timeout must not give up after vitest's 1 s default
 * (playlists.e2e.ts failed so at load 20–30).
 */
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';

type Project = { test?: { name?: string; expect?: { poll?: { timeout?: number } } } };

describe('vitest.config.ts', () => {
  it('test suite speed (ADR 016): browser tests poll for up to 15 s unless a poll says otherwise', () => {
    const projects = (config.test?.projects ?? []) as Project[];
    const e2e = projects.find((p) => p.test?.name === 'e2e');
    expect(e2e?.test?.expect?.poll?.timeout).toBe(15_000);
  });
});
