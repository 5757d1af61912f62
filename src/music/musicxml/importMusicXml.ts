/**
 * MusicXML import of pipe music (issue 15 item 4), so MuseScore users can bring their tunes:
 * a partwise MusicXML score → one tune of the app's model, plus a warning, with its measure
 * number, for everything the model does not keep. It never throws: malformed or oversized
 * input gets an error result saying why.
 *
 * What is kept: the first part's first voice; grace notes, named as the app's embellishments
 * where they match (./embellishmentsOfGraces.ts); ties, tuplets, fermatas, accidentals,
 * repeats, endings, time and key signatures, tempo and tempo changes, words; title and
 * composer. MusicXML 4.0: https://www.w3.org/2021/06/musicxml40/
 */
import { TITLE_FORMAT } from '../bww/titleFormat.ts';
import type { Line, Part, Text, Tune } from '../tune/tune.ts';
import type { MusicXmlWarning } from './MusicXmlWarning.ts';
import { PartReader } from './PartReader.ts';
import { child, children, childText, MAX_XML_CHARS, readXml, type XmlElement } from './readXml.ts';

export type { MusicXmlWarning, MusicXmlWarningKind } from './MusicXmlWarning.ts';

export interface MusicXmlImport {
  readonly tune: Tune;
  readonly warnings: readonly MusicXmlWarning[];
}

export type MusicXmlErrorCode = 'too-large' | 'compressed' | 'malformed' | 'not-musicxml' | 'empty';

/** Shaped like the project's `Result` (src/contracts/result.ts), which src/music cannot import. */
export type MusicXmlImportResult =
  | { readonly data: MusicXmlImport; readonly error: null }
  | {
      readonly data: null;
      readonly error: { readonly message: string; readonly code: MusicXmlErrorCode };
    };

/** Bytes accepted: a long bagpipe score is a few hundred kilobytes. */
export const MAX_MUSICXML_BYTES = MAX_XML_CHARS;

/** BWW layout tuples of the app's own library files, so a BWW export reads the texts' roles. */
const COMPOSER_FORMAT = 'M,R,0,0,Times New Roman,10,400,0,0,18,0,0,0';

function failed(code: MusicXmlErrorCode, message: string): MusicXmlImportResult {
  return { data: null, error: { message, code } };
}

function decode(input: string | Uint8Array): string | MusicXmlImportResult {
  if (typeof input === 'string') return input;
  if (input.length > MAX_MUSICXML_BYTES) {
    return failed('too-large', `the file is larger than ${MAX_MUSICXML_BYTES} bytes`);
  }
  // A zip (PK\x03\x04) is compressed MusicXML (.mxl).
  if (input[0] === 0x50 && input[1] === 0x4b && input[2] === 3 && input[3] === 4) {
    return failed(
      'compressed',
      'this is compressed MusicXML (.mxl): export it uncompressed (.musicxml) and try again',
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return failed('malformed', 'the file is not UTF-8 text');
  }
}

function titleOf(root: XmlElement): string {
  const work = child(root, 'work');
  const credit = children(root, 'credit').find(
    (c) => childText(c, 'credit-type') === 'title' && childText(c, 'credit-words'),
  );
  return (
    (work && childText(work, 'work-title')) ||
    childText(root, 'movement-title') ||
    (credit ? childText(credit, 'credit-words') : '')
  );
}

function composerOf(root: XmlElement): string {
  const identification = child(root, 'identification');
  const creator = identification
    ? children(identification, 'creator').find((c) => c.attributes.type === 'composer')
    : undefined;
  return creator?.text.trim() ?? '';
}

export function importMusicXml(input: string | Uint8Array): MusicXmlImportResult {
  const text = decode(input);
  if (typeof text !== 'string') return text;
  if (text.length > MAX_XML_CHARS) {
    return failed('too-large', `the file is larger than ${MAX_XML_CHARS} characters`);
  }
  if (text.trim() === '') return failed('empty', 'the file is empty');
  const xml = readXml(text);
  if (xml.error !== null) return failed('malformed', `not well-formed XML: ${xml.error}`);
  const root = xml.root;
  if (root.name === 'score-timewise') {
    return failed('not-musicxml', 'timewise MusicXML is not supported: export it partwise');
  }
  if (root.name !== 'score-partwise') {
    return failed('not-musicxml', `not a MusicXML score (the root element is <${root.name}>)`);
  }
  const parts = children(root, 'part');
  const first = pipePart(root, parts);
  if (!first) return failed('empty', 'the score has no part');
  const warnings: MusicXmlWarning[] = [];
  if (parts.length > 1) {
    const name = partNames(root).get(first.attributes.id ?? '') || first.attributes.id || '1';
    warnings.push({
      measure: null,
      kind: 'other-part',
      message: `only the part '${name}' of ${parts.length} parts is read`,
    });
  }
  const reader = new PartReader(warnings);
  children(first, 'measure').forEach((m, i) => reader.readMeasure(m, i));
  reader.finish();
  if (!reader.lines.some((l) => l.bars.some((b) => b.items.some((i) => i.kind === 'note')))) {
    return failed('empty', 'the score has no notes on the chanter');
  }

  const texts: Text[] = [];
  const title = titleOf(root);
  const composer = composerOf(root);
  if (title) texts.push({ kind: 'text', role: 'title', text: title, format: TITLE_FORMAT });
  if (composer) {
    texts.push({ kind: 'text', role: 'composer', text: composer, format: COMPOSER_FORMAT });
  }
  const tune: Tune = {
    // What the BWW writer needs to give a BWW export its program line and tempo.
    header: ['Bagpipe Reader:1.0', ...(reader.tempo !== null ? [`TuneTempo,${reader.tempo}`] : [])],
    tempo: reader.tempo,
    texts,
    parts: partsOf(reader.lines),
  };
  return { data: { tune, warnings }, error: null };
}

/** Part names by id, from the score's part list. */
function partNames(root: XmlElement): Map<string, string> {
  const list = child(root, 'part-list');
  const parts = list ? children(list, 'score-part') : [];
  return new Map(parts.map((p) => [p.attributes.id ?? '', childText(p, 'part-name')]));
}

/** A band score's pipe part (named for the pipes or chanter), else the first part. */
function pipePart(root: XmlElement, parts: readonly XmlElement[]): XmlElement | undefined {
  const names = partNames(root);
  const pipes = parts.find((p) =>
    /pipe|chanter|piob/i.test(names.get(p.attributes.id ?? '') ?? ''),
  );
  return pipes ?? parts[0];
}

/** Parts run up to the line whose last bar ends a part or a repeat (as the BWW reader's). */
function partsOf(lines: readonly Line[]): Part[] {
  const parts: Part[] = [];
  let current: Line[] = [];
  for (const line of lines) {
    if (line.bars.length === 0) continue;
    current.push({ key: line.key, time: line.time, bars: line.bars });
    const close = line.bars.at(-1)?.close;
    if (close === 'part' || close === 'repeat') {
      parts.push({ lines: current });
      current = [];
    }
  }
  if (current.length > 0) parts.push({ lines: current });
  return parts;
}
