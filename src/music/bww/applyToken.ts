/**
 * What one recognised BWW token does to the tune being built (see parseBww.ts). Tokens that
 * modify a note (dots, fermatas, old-style ties and triplets) look back at the notes read so far;
 * tokens that come before a note (embellishments, accidentals, tie and tuplet starts) wait in the
 * builder for it.
 */
import type { Note, Rest, TupletStart } from '../tune/tune.ts';
import type { BwwToken } from './classifyToken.ts';
import type { Warn } from './BwwWarning.ts';
import type { RawToken } from './tokenizeBww.ts';
import type { NoteDraft, RestDraft, TuneBuilder } from './TuneBuilder.ts';

function lastNote(tune: TuneBuilder): NoteDraft | null {
  for (let i = tune.recent.length - 1; i >= 0; i--) {
    const item = tune.recent[i];
    if (item?.kind === 'note') return item;
  }
  return null;
}

export function applyToken(
  tune: TuneBuilder,
  token: BwwToken,
  raw: RawToken,
  word: string,
  warn: Warn,
): void {
  const misplaced = (why: string): void => warn(raw, 'misplaced-token', word, why);
  const tieJustEnded = tune.tieJustEnded;
  tune.tieJustEnded = null;
  switch (token.type) {
    case 'clef':
      closeTupletAtBar(tune, misplaced);
      tune.startLine();
      return;
    case 'accidental':
      // After '&' the accidentals are the key signature (see TuneBuilder.pendingKey).
      if (tune.ensureLine().head) tune.headAccidental(token.code, token.accidental);
      else tune.accidental = token.accidental;
      return;
    case 'time': {
      const line = tune.ensureLine();
      if (line.head && !line.time) {
        tune.endHead();
        line.time = token.time;
      } else tune.addItem(token.time);
      return;
    }
    case 'open':
      closeTupletAtBar(tune, misplaced);
      tune.openBar(token.open);
      return;
    case 'close':
      closeTupletAtBar(tune, misplaced);
      tune.closeBar(token.close);
      return;
    case 'note': {
      const headAccidental = tune.ensureLine().head
        ? tune.takeHeadAccidental(token.pitch.slice(-1).toLowerCase())
        : null;
      const note: NoteDraft = {
        kind: 'note',
        pitch: token.pitch,
        duration: token.duration,
        dots: 0,
        beam: token.beam,
        accidental: headAccidental ?? tune.accidental,
        embellishments: tune.embellishments,
        fermata: false,
        tie: tune.tieStart,
        tupletStart: tune.tupletStart,
        tupletEnd: false,
      };
      if (tune.tieStart) tune.openTies++;
      tune.embellishments = [];
      tune.accidental = null;
      tune.tieStart = false;
      if (tune.tupletStart) tune.openTuplet = tune.tupletStart;
      tune.tupletStart = null;
      tune.recent.push(note);
      tune.addItem(note as Note);
      return;
    }
    case 'rest': {
      const rest: RestDraft = {
        kind: 'rest',
        duration: token.duration,
        dots: 0,
        tupletStart: tune.tupletStart,
        tupletEnd: false,
      };
      if (tune.tupletStart) tune.openTuplet = tune.tupletStart;
      tune.tupletStart = null;
      tune.recent.push(rest);
      tune.addItem(rest as Rest);
      return;
    }
    case 'dot': {
      const last = tune.recent.at(-1);
      if (last) last.dots = token.dots;
      else misplaced('dot with no note before it');
      return;
    }
    case 'fermata': {
      const note = lastNote(tune);
      if (note) note.fermata = true;
      else misplaced('fermata with no note before it');
      return;
    }
    case 'embellishment':
      // Accidentals before it are the key (the writer puts a note's accidental after its
      // embellishments); it waits for its note, so the head of the line goes on.
      tune.ensureLine();
      tune.settleKey();
      tune.embellishments = [...tune.embellishments, token.embellishment];
      return;
    case 'tie-start':
      tune.tieStart = true;
      return;
    case 'tie-end-or-old':
      if (tune.openTies > 0) {
        tune.openTies--;
        tune.tieJustEnded = lastNote(tune);
        return;
      }
      tieOld(tune, misplaced);
      return;
    case 'tie-old':
      tieOld(tune, misplaced);
      return;
    case 'tuplet-start':
      tupletStart(tune, token.tuplet, tieJustEnded, misplaced);
      return;
    case 'tuplet-end':
      endTuplet(tune, misplaced);
      return;
    case 'triplet-end-or-old':
      if (tune.openTuplet) endTuplet(tune, misplaced);
      else oldTriplet(tune, misplaced);
      return;
    case 'triplet-old':
      oldTriplet(tune, misplaced);
      return;
    case 'timeline':
      tune.addItem({ kind: 'timeline', label: token.label });
      return;
    case 'timeline-end':
      tune.addItem({ kind: 'timeline-end' });
      return;
    case 'space':
      tune.addItem({ kind: 'space' });
      return;
    case 'mark':
      tune.addItem({ kind: 'mark', code: token.code });
      return;
  }
}

/** Old-style tie (`^tla` between two notes): ties the note before it to the next. */
function tieOld(tune: TuneBuilder, misplaced: (why: string) => void): void {
  const note = lastNote(tune);
  if (note) note.tie = true;
  else misplaced('tie with no note before it');
}

function endTuplet(tune: TuneBuilder, misplaced: (why: string) => void): void {
  const last = tune.recent.at(-1);
  if (!tune.openTuplet || !last) {
    misplaced('tuplet end with no tuplet open');
    return;
  }
  settleRetroactiveStart(tune);
  last.tupletEnd = true;
  tune.openTuplet = null;
}

/**
 * A group started on a tied-to note (below) that turns out one note too long did not mean
 * that note: 'D_2 ^te ^3s E D C ^3e' is the triplet E D C. Move its start forward.
 */
function settleRetroactiveStart(tune: TuneBuilder): void {
  const start = tune.retroactiveStart;
  tune.retroactiveStart = null;
  const tuplet = start?.tupletStart;
  if (!start || !tuplet) return;
  const group = tune.recent.slice(tune.recent.lastIndexOf(start));
  const second = group[1];
  if (group.length > tuplet.actual && second && !second.tupletStart) {
    start.tupletStart = null;
    second.tupletStart = tuplet;
  }
}

/**
 * A tuplet start. Bagpipe Music Writer writes a tie's end after the tied-to note, so a group
 * that begins on that note reads 'Fr_16 ^te ^3s El_16 Cl_16 ^3e': a start right after a tie end
 * belongs to the note before the tie end (the bar's arithmetic only adds up that way), unless
 * the group then has a note too many (see settleRetroactiveStart).
 */
function tupletStart(
  tune: TuneBuilder,
  tuplet: TupletStart,
  tieJustEnded: NoteDraft | null,
  misplaced: (why: string) => void,
): void {
  const inBar = tune.currentBarItems.includes(tieJustEnded as Note);
  if (tieJustEnded && tune.recent.at(-1) === tieJustEnded && inBar) {
    const same = tieJustEnded.tupletStart;
    if (same && same.actual === tuplet.actual && same.normal === tuplet.normal) return;
    if (!tune.openTuplet && !tune.tupletStart && !same && !tieJustEnded.tupletEnd) {
      tieJustEnded.tupletStart = tuplet;
      tune.openTuplet = tuplet;
      tune.retroactiveStart = tieJustEnded;
      return;
    }
  }
  if (tune.openTuplet) misplaced('tuplet start inside an open tuplet');
  else tune.tupletStart = tuplet;
}

/**
 * Tuplets never cross a bar line in pipe music: one still open there ends on its last note,
 * so a missing end token cannot stretch the rest of the tune.
 */
function closeTupletAtBar(tune: TuneBuilder, misplaced: (why: string) => void): void {
  const last = tune.recent.at(-1);
  if (!tune.openTuplet || !last) return;
  misplaced('tuplet not closed before the bar line; closed on its last note');
  settleRetroactiveStart(tune);
  last.tupletEnd = true;
  tune.openTuplet = null;
}

/** Old-style triplet (`^3c` after the third note): the last three notes form the triplet. */
function oldTriplet(tune: TuneBuilder, misplaced: (why: string) => void): void {
  const group = tune.recent.slice(-3);
  const first = group[0];
  const last = group[2];
  if (!first || !last) {
    misplaced('triplet mark with fewer than three notes before it');
    return;
  }
  // Tuplets do not overlap, nor cross a bar line.
  if (tune.openTuplet || group.some((n) => n.tupletStart || n.tupletEnd)) {
    misplaced('triplet mark over notes of another tuplet');
    return;
  }
  const bar = tune.currentBarItems;
  if (!group.every((n) => bar.includes(n as Note | Rest))) {
    misplaced('triplet mark over notes of the previous bar');
    return;
  }
  first.tupletStart = { actual: 3, normal: 2 };
  last.tupletEnd = true;
}
