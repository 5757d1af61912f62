/**
 * Adapting pooled note chances to one form (issue 19 item 1). Which note follows which is best
 * predicted from all the library's tunes pooled — the counts of a form the library has one to
 * four tunes of are too few for its transitions (held-out bits per note, `npm run tune:composer
 * -- --likelihood`) — while how often each note and each step occurs in the form (its pitch and
 * interval marginals, counted from hundreds of notes) is the form's own. So the pooled chances
 * are tilted towards the form's marginals: P(q | context) ∝ P_pooled(q | context) ·
 * (U_form(q) / U_all(q))^β · (I_form(q − prev) / I_all(q − prev))^γ — the minimum
 * discrimination information adaptation of a background language model to a small in-domain
 * sample (M. Federico, 'Efficient language model adaptation through MDI estimation',
 * Eurospeech 1999; R. Kneser, J. Peters, D. Klakow, 'Language model adaptation using dynamic
 * marginals', Eurospeech 1997). β and γ are composerWeights.ts `tilt` and `tiltStep`.
 */
import { backoffArray } from './backoff.ts';
import type { GroupStats } from './learnFormStats.ts';

interface Marginals {
  /** Notes by scale step, at beat starts ('s') and inside beats ('w'). */
  readonly pitch: Record<'s' | 'w', number[]>;
  /** Steps from the note before (index: step + 8). */
  readonly step: Record<'s' | 'w', number[]>;
}

const cache = new WeakMap<GroupStats, Marginals>();

export function marginalsOf(group: GroupStats): Marginals {
  let known = cache.get(group);
  if (known) return known;
  const count = (s: 's' | 'w') => {
    const pitch = Array<number>(9).fill(0);
    const step = Array<number>(17).fill(0);
    group.o1[s].forEach((row, prev) =>
      row.forEach((n, next) => {
        pitch[next]! += n;
        step[next - prev + 8]! += n;
      }),
    );
    return { pitch, step };
  };
  const s = count('s');
  const w = count('w');
  known = { pitch: { s: s.pitch, w: w.pitch }, step: { s: s.step, w: w.step } };
  cache.set(group, known);
  return known;
}

const normal = (counts: readonly number[]) => {
  const total = counts.reduce((a, b) => a + b, 0) || 1;
  return counts.map((c) => c / total);
};

/** Mass (in notes) by which a form's marginals back off to its broader groups'. */
const MARGINAL_BACKOFF = 20;

/**
 * Factors for each next note (scale step 0–8) that tilt pooled chances towards the form's own
 * note and step frequencies; all 1 when β = γ = 0 or the form has no tunes of its own.
 */
export function formTilt(
  groups: readonly GroupStats[],
  tilt: number,
  tiltStep: number,
  prev: number,
  strong: boolean,
): number[] {
  const ones = Array<number>(9).fill(1);
  if ((tilt === 0 && tiltStep === 0) || groups.length < 2) return ones;
  const s = strong ? 's' : 'w';
  const all = marginalsOf(groups.at(-1)!);
  const pitchAll = normal(all.pitch[s]);
  const stepAll = normal(all.step[s]);
  const uniform9 = pitchAll;
  const pitchForm = backoffArray(
    groups.map((g) => marginalsOf(g).pitch[s]),
    MARGINAL_BACKOFF,
    uniform9,
  );
  const stepForm = backoffArray(
    groups.map((g) => marginalsOf(g).step[s]),
    MARGINAL_BACKOFF,
    stepAll,
  );
  // A small floor: a note or step the pooled tunes never show is not tilted without bound.
  const ratio = (a: number, b: number) => (a + 0.002) / (b + 0.002);
  return ones.map(
    (_, q) =>
      ratio(pitchForm[q]!, pitchAll[q]!) ** tilt *
      ratio(stepForm[q - prev + 8]!, stepAll[q - prev + 8]!) ** tiltStep,
  );
}
