import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { RECOGNISED_TITLE } from '../src/music/omr/assembleTune.ts';
import { omrMessages, type GrayImage, type OmrResult } from '../src/music/omr/omrTypes.ts';
import { pageMessages } from './omr/loadPage.ts';
import { runOmr } from './omr/runOmr.ts';
import { pdfOf, pngOf, staffPageSvg, titledPagePng } from './omr/testPages.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'omr-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Written for this test: one bar of 2/4 with a High G grace note on the first note.
const [tune] = parseBww('T,"Test Page"\n\n&  sharpf sharpc 2_4 I! gg LA_4 Br_8 Cl_8 !I\n').tunes;

/** A recogniser that finds that tune on any page, for the command's own plumbing. */
const finds = (image: GrayImage): OmrResult => ({
  ok: true,
  tune: tune!,
  bars: [
    {
      part: 0,
      line: 0,
      bar: 0,
      region: { x: 10, y: 20, width: image.width - 20, height: 40 },
      confidence: 0.9,
      notes: [],
    },
  ],
  warnings: ['line 1, bar 1: a test warning'],
});

async function run(argv: string[], recognise: (image: GrayImage) => OmrResult = finds) {
  let out = '';
  const err: string[] = [];
  const code = await runOmr(argv, {
    recognise,
    out: (text) => (out += text),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

describe('npm run omr (issue 20 item 3)', () => {
  it('issue 20.3: prints the recognised tune as BWW that reads back to the same tune', async () => {
    const png = join(dir, 'page.png');
    writeFileSync(png, await pngOf(staffPageSvg()));
    const { code, out, err } = await run([png]);
    expect(code).toBe(0);
    expect(parseBww(out).tunes).toEqual([tune]);
    expect(err).toEqual([`${png}: line 1, bar 1: a test warning`]);
  });

  it('issue 20.3: --json gives the tune model, each bar with region and confidence, and the page', async () => {
    const pdf = join(dir, 'two.pdf');
    writeFileSync(pdf, pdfOf(2));
    const { code, out } = await run(['--json', pdf, '--page', '2']);
    expect(code).toBe(0);
    const json = JSON.parse(out) as OmrResult & { source: Record<string, unknown> };
    expect(json).toMatchObject({
      ok: true,
      tune,
      bars: [{ part: 0, line: 0, bar: 0, confidence: 0.9, region: { x: 10, y: 20 } }],
      warnings: ['line 1, bar 1: a test warning'],
      source: { file: pdf, format: 'pdf', page: 2, pages: 2 },
    });
    expect(json.source.width).toBeGreaterThan(1600); // A4 at 200 dpi
  });

  it('issue 20.3: a failure is one line on stderr and exit 1; --json still answers JSON', async () => {
    const png = join(dir, 'blank.png');
    writeFileSync(
      png,
      await pngOf('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"/>'),
    );
    const none = () => ({ ok: false, error: omrMessages.noStaves }) as const;
    expect(await run([png], none)).toEqual({
      code: 1,
      out: '',
      err: [`${png}: ${omrMessages.noStaves}`],
    });
    const json = await run(['--json', png], none);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toEqual({ ok: false, error: omrMessages.noStaves });

    const text = join(dir, 'tune.bww');
    writeFileSync(text, 'T,"Not a picture"\n');
    expect((await run([text])).err).toEqual([`${text}: ${pageMessages.unsupported}`]);
    expect((await run([join(dir, 'missing.png')])).err).toEqual([
      `${join(dir, 'missing.png')}: cannot read (ENOENT)`,
    ]);
    expect((await run([png, '--page', '0'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });

  it('issue 20.3: the real command on a drawn page of staves, with no browser', async () => {
    const png = join(dir, 'staves.png');
    writeFileSync(png, await pngOf(staffPageSvg()));
    const command = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/omr.ts', '--json', png],
      { cwd: root, encoding: 'utf8' },
    );
    const answer = JSON.parse(command.stdout) as OmrResult;
    // Three five-line staves with stemmed heads: the recogniser answers with bars.
    expect(answer.ok, command.stderr).toBe(true);
    expect(command.status).toBe(0);
    if (answer.ok) expect(answer.bars.length).toBeGreaterThan(0);
  }, 30_000);

  it('issue 20.1 issue 20.3: the title printed above the music names the tune (Tesseract, no browser, no download)', async () => {
    const png = join(dir, 'titled.png');
    writeFileSync(png, await titledPagePng('The Piper of Drummond'));
    const command = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/omr.ts', png], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(command.status, command.stderr).toBe(0);
    expect(parseBww(command.stdout).tunes[0]?.texts[0]).toMatchObject({
      role: 'title',
      text: 'The Piper of Drummond',
    });
    // --no-title leaves the reader's placeholder.
    const untitled = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/omr.ts', '--no-title', png],
      { cwd: root, encoding: 'utf8' },
    );
    expect(parseBww(untitled.stdout).tunes[0]?.texts[0]?.text).toBe(RECOGNISED_TITLE);
  }, 60_000);
});
