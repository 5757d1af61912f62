/**
 * The `npm run omr` command (scripts/omr.ts, issue 20 item 3) with its recogniser and output
 * passed in, so its tests can run it in-process with a recogniser of their own.
 */
import { readFileSync } from 'node:fs';
import { writeBww } from '../../src/music/bww/writeBww.ts';
import type { GrayImage, OmrResult, PageBox } from '../../src/music/omr/omrTypes.ts';
import { titleArea } from '../../src/music/omr/titleArea.ts';
import { withReadTitle } from '../../src/music/omr/withReadTitle.ts';
import { loadPage } from './loadPage.ts';

/** What the command touches, passed in so a test can give it a recogniser and read its output. */
export interface OmrIo {
  readonly recognise: (image: GrayImage) => OmrResult;
  /** Reads the title in the band above the music (scripts/omr/readTitleNode.ts). */
  readonly readTitle?: (image: GrayImage, area: PageBox) => Promise<string | null>;
  readonly out: (text: string) => void;
  readonly err: (line: string) => void;
}

const usage = 'usage: npm run omr -- FILE.(png|jpg|jpeg|pdf) [--json] [--page N] [--no-title]';

interface Args {
  readonly file: string;
  readonly json: boolean;
  readonly page: number;
  /** Read the title above the music (off with --no-title: faster, the tune keeps its placeholder). */
  readonly title: boolean;
}

function parseArgs(argv: readonly string[]): Args | null {
  let json = false;
  let title = true;
  let page = 1;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--no-title') title = false;
    else if (arg === '--page') {
      page = Number(argv[++i]);
      if (!Number.isInteger(page) || page < 1) return null;
    } else if (arg.startsWith('--')) return null;
    else files.push(arg);
  }
  return files.length === 1 ? { file: files[0]!, json, page, title } : null;
}

/** Runs the command; answers its exit code. */
export async function runOmr(argv: readonly string[], io: OmrIo): Promise<number> {
  const args = parseArgs(argv);
  if (!args) {
    io.err(usage);
    return 2;
  }
  const failed = (error: string): number => {
    io.err(`${args.file}: ${error}`);
    if (args.json) io.out(`${JSON.stringify({ ok: false, error })}\n`);
    return 1;
  };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(args.file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return failed(`cannot read (${code})`);
  }
  const loaded = await loadPage(bytes, { page: args.page });
  if (loaded.error) return failed(loaded.error.message);
  const { image, format, page, pages } = loaded.data;
  const started = performance.now();
  let result = io.recognise(image);
  if (!result.ok) return failed(result.error);
  const area = args.title && io.readTitle ? titleArea(result.bars, image) : null;
  const title = area && io.readTitle ? await io.readTitle(image, area) : null;
  if (title) result = { ...result, tune: withReadTitle(result.tune, title) };
  const seconds = Number(((performance.now() - started) / 1000).toFixed(3));
  if (args.json) {
    const source = {
      file: args.file,
      format,
      page,
      pages,
      width: image.width,
      height: image.height,
    };
    io.out(`${JSON.stringify({ ...result, source, seconds }, null, 2)}\n`);
  } else {
    io.out(writeBww([result.tune]));
    for (const warning of result.warnings) io.err(`${args.file}: ${warning}`);
  }
  return 0;
}
