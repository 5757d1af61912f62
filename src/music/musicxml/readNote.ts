/**
 * One MusicXML `<note>` → what the importer needs of it (issue 15 item 4): grace or melody or
 * rest, chanter pitch, written value, tuplet, tie, fermata, accidental, and the markings it
 * cannot keep (reported by the caller with the measure number).
 */
import type { Pitch } from '../notes.ts';
import type { Accidental, Duration, TupletStart } from '../tune/tune.ts';
import { child, children, childText, type XmlElement } from './readXml.ts';
import { chanterPitch, durationOfType, valuesOfLength, type NoteValue } from './noteValue.ts';

export interface ReadNote {
  readonly grace: boolean;
  readonly chord: boolean;
  readonly cue: boolean;
  readonly voice: string;
  readonly staff: string;
  /** Null for a rest, and for a pitch off the chanter (see `offChanter`). */
  readonly pitch: Pitch | null;
  /** 'F4', 'C6' … when the written pitch is not a chanter note. */
  readonly offChanter: string | null;
  readonly unpitched: boolean;
  /** Written values: one, or several for a length no single value spells (e.g. a 9/8 bar rest). */
  readonly values: readonly NoteValue[];
  /** Set when the written value had to be worked out or could not be kept as written. */
  readonly valueProblem: string | null;
  readonly timeModification: TupletStart | null;
  readonly tupletStart: boolean;
  readonly tupletStop: boolean;
  readonly tie: boolean;
  readonly fermata: boolean;
  readonly accidental: Accidental | null;
  readonly beam: 'left' | 'right' | null;
  /** An embellishment name written by Chanterlab's export on a first grace note. */
  readonly embellishmentHint: string | null;
  /** Notations and other markings with no place in pipe music as the app keeps it. */
  readonly dropped: readonly string[];
}

const accidentals: Readonly<Record<string, Accidental>> = {
  sharp: 'sharp',
  natural: 'natural',
  flat: 'flat',
};

/** Notations the importer reads; every other one is reported. */
const readNotations = new Set(['tied', 'tuplet', 'fermata', 'other-notation']);

/** `divisions` per crotchet, from the measure's attributes. */
export function readNote(note: XmlElement, divisions: number): ReadNote {
  const dropped: string[] = [];
  const rest = child(note, 'rest');
  const pitchEl = child(note, 'pitch');
  const unpitched = child(note, 'unpitched') !== undefined;
  let pitch: Pitch | null = null;
  let offChanter: string | null = null;
  if (pitchEl) {
    const step = childText(pitchEl, 'step');
    const octave = childText(pitchEl, 'octave');
    pitch = chanterPitch(step, octave);
    if (!pitch) offChanter = `${step}${octave}`;
  }

  const modEl = child(note, 'time-modification');
  const actual = Number(modEl ? childText(modEl, 'actual-notes') : NaN);
  const normal = Number(modEl ? childText(modEl, 'normal-notes') : NaN);
  const timeModification =
    actual > 0 && normal > 0 && Number.isInteger(actual) && Number.isInteger(normal)
      ? { actual, normal }
      : null;

  let values: NoteValue[] = [];
  let valueProblem: string | null = null;
  const typeText = childText(note, 'type');
  const duration: Duration | null = typeText ? durationOfType(typeText) : null;
  const dotCount = children(note, 'dot').length;
  if (duration && dotCount <= 2) {
    values = [{ duration, dots: dotCount as 0 | 1 | 2 }];
  } else if (!child(note, 'grace')) {
    // No usable <type> (a whole-bar rest, a breve, three dots): spell the sounding length.
    const length = Number(childText(note, 'duration'));
    const ratio = timeModification ? timeModification.actual / timeModification.normal : 1;
    if (length > 0 && divisions > 0) values = valuesOfLength((length / divisions / 4) * ratio);
    const written = typeText ? `'${typeText}'${dotCount > 0 ? ` with ${dotCount} dots` : ''}` : '';
    valueProblem = written
      ? `note value ${written} is not kept; written as its length`
      : values.length === 0
        ? 'note with no value left out'
        : null;
  }

  const notations = children(note, 'notations').flatMap((n) => n.children);
  const tuplets = notations.filter((n) => n.name === 'tuplet');
  const ties = children(note, 'tie').map((t) => t.attributes.type);
  const tied = notations.filter((n) => n.name === 'tied').map((t) => t.attributes.type);
  let embellishmentHint: string | null = null;
  for (const n of notations) {
    if (n.name === 'other-notation') {
      if (n.attributes['print-object'] === 'no' && /^[a-z0-9]+$/i.test(n.text.trim())) {
        embellishmentHint = n.text.trim();
      } else dropped.push(`other notation '${n.text.trim()}'`);
    } else if (!readNotations.has(n.name)) {
      // Articulations, ornaments, technical marks, slurs, dynamics … say which.
      const inner = n.children.map((c) => c.name).join(', ');
      dropped.push(inner ? `${n.name} (${inner})` : n.name);
    }
  }
  if (child(note, 'lyric')) dropped.push('lyric');
  const accidentalText = childText(note, 'accidental');
  if (accidentalText && !accidentals[accidentalText])
    dropped.push(`accidental '${accidentalText}'`);

  const beam1 = children(note, 'beam').find((b) => (b.attributes.number ?? '1') === '1');
  const beamText = beam1?.text.trim();
  const beam =
    beamText === 'begin' || beamText === 'continue' ? 'right' : beamText === 'end' ? 'left' : null;

  return {
    grace: child(note, 'grace') !== undefined,
    chord: child(note, 'chord') !== undefined,
    cue: child(note, 'cue') !== undefined,
    voice: childText(note, 'voice') || '1',
    staff: childText(note, 'staff') || '1',
    pitch: rest ? null : pitch,
    offChanter: rest ? null : offChanter,
    unpitched,
    values,
    valueProblem,
    timeModification,
    tupletStart: tuplets.some((t) => t.attributes.type === 'start'),
    tupletStop: tuplets.some((t) => t.attributes.type === 'stop'),
    tie: ties.includes('start') || tied.includes('start'),
    fermata: notations.some((n) => n.name === 'fermata'),
    accidental: accidentals[childText(note, 'accidental')] ?? null,
    beam: rest ? null : beam,
    embellishmentHint,
    dropped,
  };
}
