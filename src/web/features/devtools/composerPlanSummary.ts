/**
 * The composer's intermediate plan as /aitest shows it (issue 19 item 3: 'the intermediate plan
 * — form, phrases, cadences, embellishment choices — and timing'). Pure: a composition in, the
 * rows the test bench prints out, so the bench's content is tested without a browser.
 */
import { FORM_SPECS } from '../../../music/composer/composerForms.ts';
import {
  notesOfBar,
  notesOfComposition,
  type BarPlan,
  type Composition,
} from '../../../music/composer/composition.ts';
import { noteOf, pitches } from '../../../music/notes.ts';
import { embellishmentOf } from '../../../music/tune/embellishments.ts';

export interface PlannedBar {
  readonly bar: number;
  readonly plan: BarPlan;
  /** 'gg Low A · C · E': each note with its embellishment. */
  readonly notes: string;
}

export interface PlannedPhrase {
  /** Bars, from 0, inclusive. */
  readonly from: number;
  readonly to: number;
  readonly bars: readonly PlannedBar[];
}

export interface Cadence {
  readonly part: number;
  readonly bar: number;
  readonly kind: string;
  readonly note: string;
}

export interface EmbellishmentChoice {
  readonly code: string;
  readonly family: string;
  readonly count: number;
  /** The melody notes it was put on, low to high. */
  readonly on: readonly string[];
}

export interface PlanSummary {
  readonly facts: ReadonlyArray<readonly [string, string]>;
  readonly parts: ReadonlyArray<{
    readonly centre: string;
    readonly phrases: readonly PlannedPhrase[];
  }>;
  readonly cadences: readonly Cadence[];
  readonly embellishments: readonly EmbellishmentChoice[];
}

const name = (p: Parameters<typeof noteOf>[0]) => noteOf(p).name;

/** Four-bar phrases, two-bar in parts whose length is not a multiple of four (planTune.ts). */
export function phraseLength(barsInPart: number): number {
  return barsInPart % 4 === 0 ? 4 : 2;
}

function cadenceKind(plan: BarPlan, inPhrase: number): string {
  if (plan.role === 'final') return 'part ends (home note)';
  if (plan.role === 'half') return 'phrase ends (half cadence)';
  return inPhrase === 1 ? 'second bar of the phrase lands' : 'lands';
}

export function composerPlanSummary(composition: Composition): PlanSummary {
  const { plan, options } = composition;
  const spec = FORM_SPECS[plan.form];
  const bars = composition.parts[0]?.length ?? 0;
  const phrase = phraseLength(bars);
  const all = notesOfComposition(composition);
  const graced = all.filter((n) => n.note.embellishment);
  const facts: Array<[string, string]> = [
    ['Form', `${plan.form} (${spec.label})`],
    [
      'Time',
      `${spec.time.beats}/${spec.time.beatType}, ${spec.beatsPerBar} beats a bar, ♩ = ${spec.tempo}`,
    ],
    ['Key', plan.key === 'A' ? 'A (Low A home)' : 'D'],
    [
      'Parts',
      `${composition.parts.length} × ${bars} bars${spec.repeated ? ', each played twice' : ''}`,
    ],
    ['Phrases', `${Math.ceil(bars / phrase)} of ${phrase} bars a part`],
    ['Density', String(options.density ?? 0.5)],
    [
      'Graced notes',
      `${graced.length} of ${all.length} (${all.length ? Math.round((100 * graced.length) / all.length) : 0} %)`,
    ],
  ];
  if (options.motif?.length) facts.push(['Motif', options.motif.map(name).join(' ')]);

  const cadences: Cadence[] = [];
  const parts = plan.parts.map((part, p) => {
    const phrases: PlannedPhrase[] = [];
    for (let from = 0; from < part.bars.length; from += phrase) {
      const to = Math.min(part.bars.length, from + phrase) - 1;
      const rows: PlannedBar[] = [];
      for (let b = from; b <= to; b++) {
        const barPlan = part.bars[b]!;
        const composed = composition.parts[p]?.[b];
        rows.push({
          bar: b,
          plan: barPlan,
          notes: composed
            ? notesOfBar(composed)
                .map((n) => (n.embellishment ? `${n.embellishment} ` : '') + name(n.pitch))
                .join(' · ')
            : '',
        });
        if (barPlan.target) {
          cadences.push({
            part: p,
            bar: b,
            kind: cadenceKind(barPlan, b - from),
            note:
              name(barPlan.target) +
              (barPlan.leadIn ? `, then ${name(barPlan.leadIn)} to lead on` : ''),
          });
        }
      }
      phrases.push({ from, to, bars: rows });
    }
    const centre = pitches[Math.max(0, Math.min(8, Math.round(part.centre)))]!;
    return { centre: name(centre), phrases };
  });

  const counts = new Map<string, { count: number; on: Set<number> }>();
  for (const { note } of graced) {
    const code = note.embellishment!;
    const entry = counts.get(code) ?? { count: 0, on: new Set<number>() };
    entry.count += 1;
    entry.on.add(pitches.indexOf(note.pitch));
    counts.set(code, entry);
  }
  const embellishments = [...counts.entries()]
    .map(([code, { count, on }]) => ({
      code,
      family: (embellishmentOf(code)?.family ?? 'other').replace(/-/g, ' '),
      count,
      on: [...on].sort((a, b) => a - b).map((i) => name(pitches[i]!)),
    }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { facts, parts, cadences, embellishments };
}
