/**
 * A MusicXML `<direction>` → what the tune model keeps of it (issue 15 item 4): words and
 * rehearsal marks as free text, segno/coda and the BWW mark words as marks, a metronome or
 * `<sound tempo>` as a tempo in crotchets per minute. Other kinds (dynamics, wedges, pedals …)
 * are named in `dropped` for the caller's warning.
 */
import type { BarItem, Mark } from '../tune/tune.ts';
import { child, children, childText, type XmlElement } from './readXml.ts';

export interface DirectionRead {
  readonly items: readonly BarItem[];
  /** Crotchets per minute, when the direction sets a tempo. */
  readonly tempo: number | null;
  readonly dropped: readonly string[];
}

const markCodes = new Set<string>([
  'segno',
  'dalsegno',
  'coda',
  'codasection',
  'dacapoalfine',
  'fine',
]);

/** Crotchets in each beat unit a metronome mark may name. */
const crotchetsPer: Readonly<Record<string, number>> = {
  whole: 4,
  half: 2,
  quarter: 1,
  eighth: 0.5,
  '16th': 0.25,
};

/** Crotchets per minute from a `<metronome>` (beat unit, dots, per minute). */
function metronomeBpm(el: XmlElement): number {
  const perMinute = Number(childText(el, 'per-minute'));
  const dots = children(el, 'beat-unit-dot').length;
  const unit = crotchetsPer[childText(el, 'beat-unit')] ?? 1;
  return perMinute * unit * (dots === 1 ? 1.5 : dots === 2 ? 1.75 : 1);
}

/** A tempo worth keeping: a positive whole number of crotchets per minute under 1000. */
export function tempoOf(value: string | number | undefined): number | null {
  const bpm = Math.round(Number(value));
  return bpm > 0 && bpm < 1000 ? bpm : null;
}

export function readDirection(el: XmlElement): DirectionRead {
  const items: BarItem[] = [];
  const dropped: string[] = [];
  // `<sound tempo>` is what players hear; the metronome mark is what the page shows.
  let tempo = tempoOf(child(el, 'sound')?.attributes.tempo);
  for (const type of children(el, 'direction-type')) {
    for (const d of type.children) {
      if (d.name === 'words' || d.name === 'rehearsal') {
        const text = d.text.trim();
        if (!text) continue;
        if (markCodes.has(text)) items.push({ kind: 'mark', code: text as Mark['code'] });
        else items.push({ kind: 'text', role: 'text', text, format: null });
      } else if (d.name === 'segno' || d.name === 'coda') {
        items.push({ kind: 'mark', code: d.name });
      } else if (d.name === 'metronome') {
        tempo ??= tempoOf(metronomeBpm(d));
      } else dropped.push(d.name);
    }
  }
  return { items, tempo, dropped };
}
