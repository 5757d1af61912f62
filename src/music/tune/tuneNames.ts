/**
 * What to call each tune of a BWW file (issue 22 item 9). Bands fill BWW's header fields
 * loosely: a medley read 'Retreat, Retreat, Retreat…' because the band wrote the kind of tune
 * in the title field and the name in the type field, and templates leave 'Title' and 'Type' in.
 * Pure: the tune picker and the score header show what this says.
 */
import { tuneText, type Tune } from './tune.ts';

export interface TuneName {
  /** The tune's name: its title, else its type and number in the file ('Retreat 2'). */
  readonly title: string;
  /** The kind of tune ('Retreat', 'March'), when the file says. */
  readonly type: string;
  readonly composer: string;
}

/** Header words a template leaves in place: not a title, type or composer. */
const PLACEHOLDERS = new Set(['title', 'type', 'composer', 'composer/arranger', 'arranger']);

/**
 * Words that name a kind of tune rather than a tune: a title made only of these (with a time
 * signature or 'slow', 'quick' …) is a type written in the wrong field.
 */
const TYPE_WORDS = new Set([
  'air',
  'competition',
  'hornpipe',
  'hymn',
  'jig',
  'lament',
  'march',
  'piobaireachd',
  'polka',
  'quick',
  'quickstep',
  'reel',
  'retreat',
  'salute',
  'slip',
  'slow',
  'song',
  'strathspey',
  'waltz',
]);

function clean(text: string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return PLACEHOLDERS.has(trimmed.toLowerCase()) ? '' : trimmed;
}

/** 'Retreat', '2/4 March', 'Slow Air', 'Retreat Marches' — a kind of tune, not its name. */
export function isTuneType(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/\d+\s*\/\s*\d+/g, ' ')
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((w) => (w.endsWith('es') && TYPE_WORDS.has(w.slice(0, -2)) ? w.slice(0, -2) : w))
    .map((w) => (w.endsWith('s') && TYPE_WORDS.has(w.slice(0, -1)) ? w.slice(0, -1) : w));
  return words.length > 0 && words.every((w) => TYPE_WORDS.has(w));
}

/** The name, type and composer of tune number `index` (0-based) of its file. */
export function tuneName(tune: Tune, index: number): TuneName {
  let title = clean(tuneText(tune, 'title'));
  let type = clean(tuneText(tune, 'type'));
  const composer = clean(tuneText(tune, 'composer'));
  if (title && isTuneType(title)) {
    // The kind of tune in the title field and a name in the type field: swap them back.
    if (type && !isTuneType(type)) [title, type] = [type, title];
    // Only a kind of tune: called by it and its number below, so a medley's tunes differ.
    else [title, type] = ['', type || title];
  }
  if (!title) title = `${type || 'Tune'} ${index + 1}`;
  return { title, type, composer };
}
