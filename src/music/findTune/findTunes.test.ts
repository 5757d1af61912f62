import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { libraryTunes } from '../library/libraryTunes.ts';
import { pitches, type Pitch } from '../notes.ts';
import { seededRandom } from '../random.ts';
import { performTune } from '../tune/performance.ts';
import { barsOf, notesOf, type Note, type Tune } from '../tune/tune.ts';
import { buildFindIndex, type TuneToIndex } from './findIndex.ts';
import { CANDIDATES, findTunes, MIN_FIND_NOTES } from './findTunes.ts';
import { playedPitches } from './playedPitches.ts';
import { barOfNote, tuneMelody } from './tuneMelody.ts';

const library: TuneToIndex[] = libraryTunes.map((t) => ({
  id: t.id,
  tune: parseBww(t.bww).tunes[0]!,
}));
const index = buildFindIndex(library);
const tuneOf = (id: string) => library.find((t) => t.id === id)!.tune;
const melodyOf = (id: string): Pitch[] => notesOf(tuneOf(id)).map((n) => n.pitch);
const barAt = (id: string, note: number) => barOfNote(tuneMelody(tuneOf(id)).barStarts, note);

/** The piper's slips on a fragment: `wrong` played as `as`, `drop` left out, `add` put in. */
function slips(
  fragment: readonly Pitch[],
  s: { wrong?: [number, Pitch]; drop?: number; add?: [number, Pitch] },
): Pitch[] {
  const out: Pitch[] = [];
  fragment.forEach((p, i) => {
    if (s.add && s.add[0] === i) out.push(s.add[1]);
    if (i === s.drop) return;
    out.push(s.wrong && s.wrong[0] === i ? s.wrong[1] : p);
  });
  return out;
}

describe('findTunes (issue 15.6: find a tune by playing it)', () => {
  it('issue 15.6: eight notes from the middle of a library tune find it, where they begin', () => {
    const melody = melodyOf('scotland-the-brave');
    const [best] = findTunes(index, melody.slice(20, 28));
    expect(best).toEqual({
      tuneId: 'scotland-the-brave',
      score: 1,
      startIndex: 20,
      bar: barAt('scotland-the-brave', 20),
    });
  });

  it('issue 15.6: a wrong note and a missing note still find the tune first', () => {
    for (const id of ['bonnie-dundee', 'amazing-grace', 'atholl-highlanders', 'skye-boat-song']) {
      const melody = melodyOf(id);
      const fragment = melody.slice(10, 22);
      const other = pitches.find((p) => p !== fragment[3])!;
      const played = slips(fragment, { wrong: [3, other], drop: 8 });
      const [best] = findTunes(index, played);
      expect(best?.tuneId, id).toBe(id);
      expect(best!.score).toBeLessThan(1);
      expect(Math.abs(best!.startIndex - 10)).toBeLessThanOrEqual(1);
    }
  });

  it('issue 15.6: an extra note still finds the tune first', () => {
    const fragment = melodyOf('cock-o-the-north').slice(10, 20);
    const [best] = findTunes(index, slips(fragment, { add: [5, 'HA'] }));
    expect(best?.tuneId).toBe('cock-o-the-north');
  });

  it('issue 15.6: grace notes heard as notes, at any tempo, are no obstacle', () => {
    const id = 'barren-rocks-of-aden';
    for (const bpm of [50, 120]) {
      const events = performTune(tuneOf(id), { bpm }).events;
      // Notes 16–27 the first time through, each with its embellishment's gracenotes.
      const from = events.findIndex((e) => e.noteIndex >= 16);
      const to = events.findIndex((e, i) => i > from && (e.noteIndex >= 28 || e.noteIndex < 16));
      const heard = events
        .slice(from, to)
        .map((e) => ({ note: e.pitch, duration: e.durationSeconds }));
      expect(heard.length).toBeGreaterThan(12); // embellishments are there to drop
      const [best] = findTunes(index, playedPitches(heard));
      expect(best?.tuneId).toBe(id);
      expect(best?.startIndex).toBe(16);
    }
  });

  it('issue 15.6: a repeated note held as one (or tapped once) still matches', () => {
    const melody = melodyOf('scotland-the-brave');
    // Find a stretch with a repeated note and play it with the repeat held.
    const at = melody.findIndex((p, i) => i > 8 && melody[i + 1] === p);
    const fragment = melody.slice(at - 4, at + 6);
    const held = fragment.filter((p, i) => i === 0 || fragment[i - 1] !== p);
    expect(held.length).toBeLessThan(fragment.length);
    expect(findTunes(index, held)[0]?.tuneId).toBe('scotland-the-brave');
  });

  it('issue 15.6: a fragment from the end of a repeated part back into its start is found', () => {
    const id = 'scotland-the-brave';
    const played = performTune(tuneOf(id)).events.filter((e) => !e.grace);
    const back = played.findIndex((e, i) => i > 0 && e.noteIndex < played[i - 1]!.noteIndex);
    const fragment = played.slice(back - 5, back + 5);
    const [best] = findTunes(
      index,
      fragment.map((e) => e.pitch),
    );
    expect(best).toMatchObject({ tuneId: id, score: 1, startIndex: fragment[0]!.noteIndex });
    expect(best!.bar).toBe(barAt(id, fragment[0]!.noteIndex));
  });

  it('issue 15.6: too few notes, or a limit of 0, give nothing', () => {
    const melody = melodyOf('skye-boat-song');
    expect(findTunes(index, melody.slice(0, MIN_FIND_NOTES - 1))).toEqual([]);
    expect(findTunes(index, melody.slice(0, 12), { limit: 0 })).toEqual([]);
  });

  it('issue 15.6: results are ranked, one per tune id, at most `limit`', () => {
    const melody = melodyOf('minstrel-boy');
    // A second setting of the tune: its first three bars left out.
    const whole = tuneOf('minstrel-boy');
    const line = whole.parts[0]!.lines[0]!;
    const shorter: Tune = {
      ...whole,
      parts: [{ lines: [{ ...line, bars: barsOf(whole).slice(3) }] }],
    };
    expect(notesOf(shorter).length).toBeLessThan(melody.length);
    const twoSettings = buildFindIndex([
      ...library,
      { id: 'minstrel-boy', settingId: 'shorter', tune: shorter },
    ]);
    const results = findTunes(twoSettings, melody.slice(4, 12), { limit: 3 });
    expect(results.length).toBeLessThanOrEqual(3);
    expect(new Set(results.map((r) => r.tuneId)).size).toBe(results.length);
    expect(results[0]?.tuneId).toBe('minstrel-boy');
    // The first setting holds the fragment where it was cut; the second only further on.
    expect(results[0]).toMatchObject({ startIndex: 4 });
    expect(results[0]!.settingId).toBeUndefined();
    // Its opening is in both; the exact match in the shorter one starts at its note 0.
    const opening = notesOf(shorter)
      .map((n) => n.pitch)
      .slice(0, 10);
    const [inShorter] = findTunes(twoSettings, opening);
    expect(inShorter).toMatchObject({ tuneId: 'minstrel-boy', score: 1 });
    expect(['shorter', undefined]).toContain(inShorter!.settingId);
    const onlyShorter = buildFindIndex([{ id: 'm', settingId: 'shorter', tune: shorter }]);
    expect(findTunes(onlyShorter, opening)[0]).toEqual({
      tuneId: 'm',
      settingId: 'shorter',
      score: 1,
      startIndex: 0,
      bar: 1,
    });
    const scores = results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('issue 15.6: the index survives JSON and answers the same', () => {
    const copy = JSON.parse(JSON.stringify(index)) as typeof index;
    const played = melodyOf('hundred-pipers').slice(7, 19);
    expect(findTunes(copy, played, { limit: 5 })).toEqual(findTunes(index, played, { limit: 5 }));
  });

  it('issue 15.6: among many more tunes than CANDIDATES the prefilter still keeps the right one', () => {
    const random = seededRandom(15);
    const note = (pitch: Pitch): Note => ({
      kind: 'note',
      pitch,
      duration: 8,
      dots: 0,
      beam: null,
      accidental: null,
      embellishments: [],
      fermata: false,
      tie: false,
      tupletStart: null,
      tupletEnd: false,
    });
    const generated: TuneToIndex[] = Array.from({ length: CANDIDATES * 3 }, (_, t) => {
      let degree = 4;
      const items = Array.from({ length: 120 }, () => {
        degree = Math.max(0, Math.min(8, degree + Math.floor(random() * 5) - 2));
        return note(pitches[degree]!);
      });
      const tune: Tune = {
        header: [],
        tempo: null,
        texts: [],
        parts: [{ lines: [{ key: [], time: null, bars: [{ open: null, items, close: 'bar' }] }] }],
      };
      return { id: `generated-${t}`, tune };
    });
    const big = buildFindIndex([...generated, ...library]);
    const fragment = melodyOf('green-hills-of-tyrol').slice(40, 52);
    const played = slips(fragment, { wrong: [6, fragment[6] === 'LA' ? 'E' : 'LA'], drop: 2 });
    expect(findTunes(big, played, { limit: 5 }).map((r) => r.tuneId)).toContain(
      'green-hills-of-tyrol',
    );
  });
});
