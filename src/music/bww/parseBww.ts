/**
 * The BWW reader (issue 6): Bagpipe Music Writer / Bagpipe Reader text → tunes.
 * Tolerant by design — pipers' files are hand-edited and old: an unknown or misplaced token
 * becomes a warning with its line and column, the rest of the file still loads, and no input
 * makes it throw (a seeded fuzz test holds it to that).
 */
import type { Text, TextRole, Tune } from '../tune/tune.ts';
import { classifyToken, splitGlued, type BwwToken } from './classifyToken.ts';
import { decodeBww, type BwwInput } from './decodeBww.ts';
import { tokenizeBww, type RawToken } from './tokenizeBww.ts';
import { TuneBuilder } from './TuneBuilder.ts';
import { applyToken } from './applyToken.ts';
import type { BwwWarning, Warn } from './BwwWarning.ts';

export type { BwwWarning, BwwWarningKind } from './BwwWarning.ts';

export interface BwwParseResult {
  readonly tunes: readonly Tune[];
  readonly warnings: readonly BwwWarning[];
  /** Music tokens seen and how many were understood (the coverage report's figures). */
  readonly tokens: number;
  readonly recognised: number;
}

/** Text roles by the first letter of the layout tuple (T title, Y type, M composer, F footer). */
const roleByLetter: Readonly<Record<string, TextRole>> = {
  T: 'title',
  Y: 'type',
  M: 'composer',
  F: 'footer',
};

function textOf(raw: RawToken): Text {
  const format = raw.format ?? null;
  const letter = format?.trim().charAt(0) ?? '';
  return { kind: 'text', role: roleByLetter[letter] ?? 'text', text: raw.text ?? '', format };
}

export function parseBww(input: BwwInput): BwwParseResult {
  try {
    return parseText(decodeBww(input));
  } catch (error) {
    // Unreachable by design; the guarantee 'never throws' must not depend on it being so.
    const message = error instanceof Error ? error.message : String(error);
    return {
      tunes: [],
      warnings: [{ line: 1, column: 1, kind: 'internal-error', token: '', message }],
      tokens: 0,
      recognised: 0,
    };
  }
}

interface Located {
  readonly raw: RawToken;
  readonly word: string;
  readonly token: BwwToken | null;
}

function parseText(source: string): BwwParseResult {
  const warnings: BwwWarning[] = [];
  const warn: Warn = (raw, kind, token, message) => {
    warnings.push({ line: raw.line, column: raw.column, kind, token, message });
  };
  const tunes: Tune[] = [];
  let tune = new TuneBuilder();
  let tokens = 0;
  let recognised = 0;

  const finishTune = (at: RawToken | null): void => {
    if (tune.embellishments.length > 0 && at) {
      warn(at, 'dangling-embellishment', '', 'embellishment with no melody note after it');
    }
    if (tune.hasMusic || tune.header.length > 0 || tune.texts.length > 0) tunes.push(tune.build());
    tune = new TuneBuilder();
  };

  // Expand words into located tokens, splitting glued ones ('!IEr_16' → '!I', 'Er_16').
  const stream: (Located | RawToken)[] = [];
  for (const raw of tokenizeBww(source)) {
    if (raw.kind !== 'word') {
      stream.push(raw);
      continue;
    }
    const token = classifyToken(raw.value);
    if (token) {
      stream.push({ raw, word: raw.value, token });
      continue;
    }
    const pieces = splitGlued(raw.value);
    if (!pieces) {
      stream.push({ raw, word: raw.value, token: null });
      continue;
    }
    let offset = 0;
    for (const piece of pieces) {
      const at = { ...raw, value: piece, column: raw.column + offset };
      stream.push({ raw: at, word: piece, token: classifyToken(piece) });
      offset += piece.length;
    }
  }

  for (let index = 0; index < stream.length; index++) {
    const entry = stream[index];
    if (!entry) continue;
    if (!('word' in entry)) {
      const raw = entry;
      if (raw.kind === 'header') {
        const tempo = /^TuneTempo,\s*(\d+)/.exec(raw.value);
        if (tempo && tune.hasMusic && musicFollows(stream, index)) {
          // Inside the music a tempo line changes the tempo from the next bar on (issue 15
          // item 9); before a next tune's headers or title it is that tune's own tempo.
          tune.pendingTempo = Number(tempo[1]);
          continue;
        }
        if (tune.hasMusic) finishTune(raw);
        tune.header.push(raw.value);
        if (tempo) tune.tempo = Number(tempo[1]);
        continue;
      }
      const text = textOf(raw);
      if (raw.unterminated) warn(raw, 'unterminated-text', raw.value, 'text has no closing quote');
      if (text.role === 'title' && tune.hasMusic) finishTune(raw);
      if (tune.hasMusic) tune.addItem(text);
      else tune.texts.push(text);
      continue;
    }
    tokens++;
    const { raw, word, token } = entry;
    if (!token) {
      warn(raw, 'unknown-token', word, `unknown token '${word}'`);
      continue;
    }
    recognised++;
    applyToken(tune, token, raw, word, warn);
  }
  finishTune(stream.length > 0 ? lastRaw(stream) : null);
  return { tunes, warnings, tokens, recognised };
}

/**
 * Whether the music goes on after the header at `index`: the next entry is a music word or a
 * free text, not another header line, a title, type, composer or footer (a next tune's head)
 * or the end of the file.
 */
function musicFollows(stream: readonly (Located | RawToken)[], index: number): boolean {
  const next = stream[index + 1];
  if (!next) return false;
  if ('word' in next) return true;
  return next.kind === 'text' && textOf(next).role === 'text';
}

function lastRaw(stream: readonly (Located | RawToken)[]): RawToken | null {
  const last = stream.at(-1);
  if (!last) return null;
  return 'word' in last ? last.raw : last;
}
