/**
 * Random but valid mistakes for a performance (bench/playalong.bench.ts, issue 14 item 7):
 * one every MIN_GAP–MIN_GAP+2 melody notes, of the kinds (wrong notes, missing or
 * reordered grace notes, early and late notes by 40–150 ms, skipped and extra notes) plus
 * crossing noise and slow grace notes. A mistake is only placed where it is audible as that
 * mistake: a chanter cannot sound one pitch twice in a row, so e.g. a grace is only dropped
 * where its neighbours differ (otherwise the piper's error is a different one, or none).
 */
import type { Pitch } from '../src/music/notes.ts';
import { pitches } from '../src/music/notes.ts';
import type { ExpectedEvent } from '../src/music/playAlong/expectedEvents.ts';
import type { Mistake } from '../src/music/playAlong/testing/plannedPerformance.ts';
import type { Random } from '../src/music/random.ts';

export type MistakeKind = Mistake['kind'] | 'early' | 'late';

/** Melody notes between two mistakes, at least: room to see the follower recover. */
export const MIN_GAP = 3;

interface Group {
  readonly melody: ExpectedEvent;
  readonly graces: readonly ExpectedEvent[];
}

function groupsOf(events: readonly ExpectedEvent[]): Group[] {
  const groups: Group[] = [];
  let graces: ExpectedEvent[] = [];
  for (const e of events) {
    if (e.kind === 'grace') graces.push(e);
    else {
      groups.push({ melody: e, graces });
      graces = [];
    }
  }
  return groups;
}

const distinctNeighbours = (seq: readonly Pitch[]) =>
  seq.every((p, i) => i === 0 || seq[i - 1] !== p);

export interface PlacedMistake {
  readonly kind: MistakeKind;
  readonly mistake: Mistake;
  /** Expected index of the melody note the mistake is on (or whose movement it is in). */
  readonly melody: number;
}

export function randomMistakes(
  events: readonly ExpectedEvent[],
  random: Random,
  rate: number,
): PlacedMistake[] {
  const groups = groupsOf(events);
  const placed: PlacedMistake[] = [];
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const kinds: MistakeKind[] = [
    'wrong',
    'skip',
    'extra',
    'early',
    'late',
    'drop-grace',
    'swap-graces',
    'noise',
    'slow-graces',
  ];
  let g = 1 + Math.floor(random() * MIN_GAP);
  let turn = Math.floor(random() * kinds.length);
  while (g < groups.length - 1) {
    const { melody, graces } = groups[g]!;
    const prev = groups[g - 1]!.melody;
    const next = groups[g + 1]!;
    const firstNext = (next.graces[0] ?? next.melody).pitch;
    const length = melody.duration * rate;
    const candidates: PlacedMistake[] = [];
    const m = melody.index;
    for (let tries = 0; tries < kinds.length && candidates.length === 0; tries++) {
      const kind = kinds[(turn + tries) % kinds.length]!;
      if (melody.held || next.melody.held) break;
      const before = graces.at(-1)?.pitch ?? prev.pitch;
      if (kind === 'wrong') {
        const p = pick(
          pitches.filter((x) => x !== melody.pitch && x !== before && x !== firstNext),
        );
        if (p) candidates.push({ kind, melody: m, mistake: { kind, melody: m, pitch: p } });
      } else if (kind === 'skip') {
        // Not a note repeating the one before: skipping it sounds as the first held on.
        if (
          prev.pitch !== firstNext &&
          (graces[0] ?? melody).pitch !== prev.pitch &&
          melody.pitch !== prev.pitch
        ) {
          candidates.push({ kind, melody: m, mistake: { kind, melody: m } });
        }
      } else if (kind === 'extra') {
        const p = pick(pitches.filter((x) => x !== melody.pitch && x !== firstNext));
        if (p && length >= 0.25)
          candidates.push({ kind, melody: m, mistake: { kind, melody: m, pitch: p } });
      } else if (kind === 'early' || kind === 'late') {
        const size = 0.04 + random() * 0.11;
        const room = 0.4 * Math.min(length, prev.duration * rate);
        if (size <= room) {
          const seconds = kind === 'early' ? -size : size;
          candidates.push({ kind, melody: m, mistake: { kind: 'shift', melody: m, seconds } });
        }
      } else if (kind === 'drop-grace' && melody.embellishment) {
        // A held grace (the pitch of the note before) is not heard apart from it anyway.
        const options = graces.filter((gr) => {
          if (gr.held) return false;
          const seq = [
            prev.pitch,
            ...graces.filter((x) => x !== gr).map((x) => x.pitch),
            melody.pitch,
          ];
          return distinctNeighbours(seq);
        });
        const gr = pick(options);
        if (gr) candidates.push({ kind, melody: m, mistake: { kind, grace: gr.index } });
      } else if (kind === 'swap-graces' && melody.embellishment) {
        const options = graces.slice(0, -1).filter((gr, i) => {
          const swapped = graces.map((x) => x.pitch);
          [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
          return (
            swapped[i] !== swapped[i + 1] &&
            distinctNeighbours([prev.pitch, ...swapped, melody.pitch])
          );
        });
        const gr = pick(options);
        if (gr) candidates.push({ kind, melody: m, mistake: { kind, grace: gr.index } });
      } else if (kind === 'noise' && melody.embellishment && graces.length >= 2) {
        const p = pick(pitches.filter((x) => x !== graces[0]!.pitch && x !== graces[1]!.pitch));
        // 15–25 ms: a finger slip, long enough to be a sound (the detector keeps ≥ 8 ms).
        if (p)
          candidates.push({
            kind,
            melody: m,
            mistake: { kind, melody: m, pitch: p, seconds: 0.015 + random() * 0.01 },
          });
      } else if (kind === 'slow-graces' && melody.embellishment && graces.length > 0) {
        const seconds = 0.1 + random() * 0.03;
        if (graces.length * seconds < 0.5 * length) {
          candidates.push({ kind, melody: m, mistake: { kind, melody: m, seconds } });
        }
      }
      if (candidates.length > 0) turn = (turn + tries + 1) % kinds.length;
    }
    const chosen = candidates[0];
    if (chosen) {
      placed.push(chosen);
      g += MIN_GAP + 1 + Math.floor(random() * 3);
    } else g++;
  }
  return placed;
}
