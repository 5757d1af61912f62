/**
 * The import-direction rules of DESIGN.md are enforced by lint (docs/decisions/002-layout.md).
 * These tests lint small snippets as if they lived in each layer, so a rule that silently stops
 * matching fails here instead of letting the architecture erode.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) =>
      [
        'no-restricted-imports',
        'no-restricted-globals',
        'no-restricted-properties',
        'import/no-restricted-paths',
      ].includes(m.ruleId ?? ''),
    )
    .map((m) => m.message);
}

// ESLint loads its config and plugins on the first lint: 7 s on a busy 2-core machine, past
// vitest's 5 s test timeout (issue 13.16). Pay it once in a hook, and allow each lint the time a
// loaded machine needs; nothing here measures speed.
describe('import direction (DESIGN.md Layout)', { timeout: 30_000 }, () => {
  beforeAll(() => messages('src/music/x.ts', ''), 120_000);

  it('src/music imports nothing of ours and no React or Node APIs', async () => {
    expect(
      (
        await messages(
          'src/music/x.ts',
          "import { a } from '../audio/y.ts';\nexport const b = a;\n",
        )
      )[0],
    ).toContain('src/music is the pure domain');
    expect(
      (
        await messages(
          'src/music/x.ts',
          "import { useState } from 'react';\nexport const b = useState;\n",
        )
      )[0],
    ).toContain('no DOM, React or Node APIs');
  });

  it('src/audio never imports React or web code', async () => {
    expect(
      (
        await messages(
          'src/audio/x.ts',
          "import { useState } from 'react';\nexport const b = useState;\n",
        )
      )[0],
    ).toContain('Audio engines never import React');
  });

  it('the server never imports web or audio code', async () => {
    expect(
      (
        await messages('src/server/x.ts', "import { a } from '../web/y.ts';\nexport const b = a;\n")
      )[0],
    ).toContain('The server never imports web/');
  });

  it('the web never imports the server', async () => {
    expect(
      (
        await messages(
          'src/web/app/x.ts',
          "import { a } from '../../server/y.ts';\nexport const b = a;\n",
        )
      )[0],
    ).toContain('The web never imports server/');
  });

  it('shared ui and lib never import a feature or the app shell', async () => {
    // Real file names: import/no-cycle needs the linted file to exist.
    for (const file of ['src/web/lib/postForm.ts', 'src/web/ui/Dialog.tsx']) {
      const found = await messages(
        file,
        "import { HomeScreen } from '../features/home/HomeScreen.tsx';\nexport const b = HomeScreen;\n",
      );
      expect(found[0]).toContain('never import a feature or the app shell');
    }
  });

  it('contracts import only music', async () => {
    expect(
      (
        await messages(
          'src/contracts/x.ts',
          "import { a } from '../web/y.ts';\nexport const b = a;\n",
        )
      )[0],
    ).toContain('src/contracts imports only src/music');
  });

  it('features do not touch Web Storage directly', async () => {
    expect(
      (
        await messages(
          'src/web/features/home/x.ts',
          "export const v = localStorage.getItem('k');\n",
        )
      )[0],
    ).toContain('Only src/web/storage touches Web Storage');
  });

  it('nor through window.localStorage or window.sessionStorage', async () => {
    expect(
      (
        await messages('src/web/ui/x.ts', "export const v = window.sessionStorage.getItem('k');\n")
      )[0],
    ).toContain('Only src/web/storage touches Web Storage');
    expect(
      (await messages('src/web/app/x.ts', 'export const v = window.localStorage.length;\n'))[0],
    ).toContain('Only src/web/storage touches Web Storage');
  });

  it('issue 14.1: units and Web Audio stand-ins are declared once', async () => {
    const all = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? [])
        .filter((m) => m.ruleId === 'no-restricted-syntax')
        .map((m) => m.message);
    };
    expect((await all('src/audio/x.ts', 'export type Seconds = number;\n'))[0]).toContain(
      'src/music/units.ts',
    );
    expect(
      (await all('src/audio/x.ts', 'export interface NodeLike {\n  disconnect(): void;\n}\n'))[0],
    ).toContain('src/audio/webAudio.ts');
    expect(await all('src/music/units.ts', 'export type Seconds = number;\n')).toEqual([]);
  });

  it('allowed imports pass', async () => {
    expect(
      await messages('src/audio/x.ts', "import { a } from '../music/y.ts';\nexport const b = a;\n"),
    ).toEqual([]);
    expect(
      await messages(
        'src/server/x.ts',
        "import { a } from '../contracts/y.ts';\nexport const b = a;\n",
      ),
    ).toEqual([]);
  });
});
