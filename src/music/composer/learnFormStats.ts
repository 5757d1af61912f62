/**
 * The composer's per-form statistics (issue 19 item 1, 'a better melody model'): counted from the
 * project's own public-domain library only, for each group of tunes — a tune type and time
 * signature ('march 2/4'), a tune type ('march') and every tune ('*') — so a form backs off from
 * its own tunes to its type and then to all (formGroups.ts says which groups a form uses):
 *  - `o2`: which note follows two others (second order), on a beat start ('s') or inside ('w');
 *  - `o1`: which note follows one other, on a beat start or inside;
 *  - `cells`: the rhythm of each beat position by the bar's place in its phrase ('o' ordinary,
 *    'h' a phrase's last bar, 'f' the part's last bar); a note crossing a beat makes one cell of
 *    the beats it spans ('o0' → {'6,2': 3} is a dotted crotchet and a quaver over beats 1–2);
 *  - `ends`: the note a bar ends on, for the second bar of a four-bar phrase ('2'), a phrase's
 *    last bar ('h') and a part's last bar ('f') — the cadences pipers write;
 *  - `graces`: the embellishment family (or 'none') on each note, on a beat start or off it;
 *  - `pickups`: how each tune opens — the note lengths of its pickup (anacrusis) bar ('2' a
 *    quaver, '1,1' two semiquavers) or '' for a full first bar. Every 2/4 march of the library
 *    opens with one, before the first part's repeat sign; later parts open on the beat (their
 *    lead-in closes the part before).
 */
import { scaleIndex } from '../notes.ts';
import { tuneText, type Note, type TimeSignature, type Tune } from '../tune/tune.ts';

export interface GroupStats {
  tunes: number;
  o2: Record<string, number[]>;
  o1: { s: number[][]; w: number[][] };
  cells: Record<string, Record<string, number>>;
  ends: Record<'2' | 'h' | 'f', number[]>;
  graces: Record<'on' | 'off', Record<string, number[]>>;
  pickups: Record<string, number>;
}

const nine = () => Array<number>(9).fill(0);
const square = () => Array.from({ length: 9 }, nine);

function emptyGroup(): GroupStats {
  return {
    tunes: 0,
    o2: {},
    o1: { s: square(), w: square() },
    cells: {},
    ends: { '2': nine(), h: nine(), f: nine() },
    graces: { on: {}, off: {} },
    pickups: {},
  };
}

const ticksOf = (note: Pick<Note, 'duration' | 'dots'>): number =>
  (16 / note.duration) * (note.dots === 1 ? 1.5 : note.dots === 2 ? 1.75 : 1);

/**
 * Note lengths cells are learned from: semiquaver to semibreve (the composer also writes the
 * hornpipe's demisemiquavers and dotted semiquavers from its own cells, composerForms.ts).
 */
const WRITABLE = new Set([1, 2, 3, 4, 6, 8, 12, 16]);

export function signatureOf(time: TimeSignature): string {
  if (time.symbol === 'common') return '4/4';
  if (time.symbol === 'cut') return '2/2';
  return `${time.beats}/${time.beatType}`;
}

/** Cells are counted per crotchet in simple time and per dotted crotchet in compound time. */
export function beatTicksOf(time: Pick<TimeSignature, 'beats' | 'beatType'>): number {
  return time.beatType === 8 && time.beats % 3 === 0 ? 6 : 4;
}

/** The group keys one tune counts in. */
export function groupKeysOf(type: string, signature: string): string[] {
  return [`${type} ${signature}`, type, '*'];
}

interface BarNotes {
  readonly notes: readonly Note[];
  readonly clean: boolean;
  readonly full: boolean;
}

export function learnFormStats(tunes: readonly Tune[]): Record<string, GroupStats> {
  const groups: Record<string, GroupStats> = {};
  for (const tune of tunes) {
    const type = tuneText(tune, 'type').toLowerCase();
    const first = tune.parts.flatMap((p) => p.lines).find((l) => l.time)?.time ?? null;
    let time: Pick<TimeSignature, 'beats' | 'beatType'> = first ?? { beats: 4, beatType: 4 };
    let signature = first ? signatureOf(first) : '4/4';
    const seen = new Set<string>();
    const into = () => {
      const keys = groupKeysOf(type, signature);
      return keys.map((key) => {
        const group = (groups[key] ??= emptyGroup());
        if (!seen.has(key)) {
          seen.add(key);
          group.tunes += 1;
        }
        return group;
      });
    };
    let prev2: number | null = null;
    let prev: number | null = null;
    for (const [partIndex, part] of tune.parts.entries()) {
      const bars: BarNotes[] = [];
      for (const bar of part.lines.flatMap((l) => l.bars)) {
        let clean = true;
        const notes: Note[] = [];
        for (const item of bar.items) {
          if (item.kind === 'time') {
            time = item;
            signature = signatureOf(item);
          }
          if (item.kind === 'rest') clean = false;
          if (item.kind === 'note') {
            notes.push(item);
            if (item.tie || item.tupletStart || item.tupletEnd || !WRITABLE.has(ticksOf(item)))
              clean = false;
          }
        }
        if (notes.length === 0) continue;
        const total = notes.reduce((s, n) => s + ticksOf(n), 0);
        const barTicks = (16 / time.beatType) * time.beats;
        bars.push({ notes, clean, full: Math.abs(total - barTicks) < 1e-9 });
        // Melody and graces, over every bar (pickups too).
        const beatTicks = beatTicksOf(time);
        let at = 0;
        for (const note of notes) {
          const pitch = scaleIndex(note.pitch);
          const onBeat = Math.abs(at % beatTicks) < 1e-9;
          for (const group of into()) {
            if (prev !== null) {
              group.o1[onBeat ? 's' : 'w'][prev]![pitch]! += 1;
              if (prev2 !== null) {
                const row = (group.o2[`${prev2},${prev},${onBeat ? 's' : 'w'}`] ??= nine());
                row[pitch]! += 1;
              }
            }
            const family = note.embellishments[0]?.family ?? 'none';
            const table = group.graces[onBeat ? 'on' : 'off'];
            (table[family] ??= nine())[pitch]! += 1;
          }
          at += ticksOf(note);
          prev2 = prev;
          prev = pitch;
        }
      }
      // The tune's opening: a pickup's note lengths, '' for a full bar (a pickup with a rest, a
      // tie or a tuplet is not counted: the composer could not write it).
      const opening = bars[0];
      const short = (bar: BarNotes) =>
        bar.notes.reduce((sum, n) => sum + ticksOf(n), 0) < (16 / time.beatType) * time.beats;
      if (partIndex === 0 && opening && (opening.full || (opening.clean && short(opening)))) {
        const key = opening.full ? '' : opening.notes.map(ticksOf).join(',');
        for (const group of into()) group.pickups[key] = (group.pickups[key] ?? 0) + 1;
      }
      // Rhythm and cadences by the bar's place in the part (full bars only: no pickups).
      const full = bars.filter((b) => b.full);
      full.forEach((bar, index) => {
        const last = index === full.length - 1;
        const role = last ? 'f' : index % 4 === 3 ? 'h' : 'o';
        const end = scaleIndex(bar.notes.at(-1)!.pitch);
        const endKey = last ? 'f' : index % 4 === 3 ? 'h' : index % 4 === 1 ? '2' : null;
        for (const group of into()) if (endKey) group.ends[endKey][end]! += 1;
        if (!bar.clean) return;
        const beatTicks = beatTicksOf(time);
        let at = 0;
        let cell: number[] = [];
        let cellStart = 0;
        for (const note of bar.notes) {
          cell.push(ticksOf(note));
          at += ticksOf(note);
          if (Math.abs(at % beatTicks) < 1e-9) {
            const key = `${role}${Math.round(cellStart / beatTicks)}`;
            for (const group of into()) {
              const table = (group.cells[key] ??= {});
              table[cell.join(',')] = (table[cell.join(',')] ?? 0) + 1;
            }
            cell = [];
            cellStart = at;
          }
        }
      });
    }
  }
  return groups;
}
