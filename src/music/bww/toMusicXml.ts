/**
 * MusicXML 4.0 export of one tune (issue 6), so pipers can take a BWW tune into MuseScore,
 * Finale or Dorico. Pipe conventions kept: treble clef, the two-sharp key signature, melody
 * stems down, embellishments as small stem-up grace notes (beamed when there are several)
 * expanded in context by ../tune/embellishments.ts.
 * Format: https://www.w3.org/2021/06/musicxml40/ (element order follows the XSD sequences).
 */
import type { Pitch } from '../notes.ts';
import { graceNotes } from '../tune/embellishments.ts';
import type { Bar, Note, Rest, TimeSignature, Tune } from '../tune/tune.ts';
import { tuneText } from '../tune/tune.ts';
import { beamXml, graceBeamXml } from './beamXml.ts';

/**
 * Divisions per crotchet: divisible by every note value down to the 64th, double dots, and
 * tuplets of 2 to 7, so every duration is a whole number.
 */
const divisions = 16 * 4 * 420;

/** Chanter pitches as written on the treble staff; C and F carry the key's sharps. */
const written: Readonly<Record<Pitch, { step: string; octave: number; alter: number }>> = {
  LG: { step: 'G', octave: 4, alter: 0 },
  LA: { step: 'A', octave: 4, alter: 0 },
  B: { step: 'B', octave: 4, alter: 0 },
  C: { step: 'C', octave: 5, alter: 1 },
  D: { step: 'D', octave: 5, alter: 0 },
  E: { step: 'E', octave: 5, alter: 0 },
  F: { step: 'F', octave: 5, alter: 1 },
  HG: { step: 'G', octave: 5, alter: 0 },
  HA: { step: 'A', octave: 5, alter: 0 },
};

const typeName: Readonly<Record<number, string>> = {
  1: 'whole',
  2: 'half',
  4: 'quarter',
  8: 'eighth',
  16: '16th',
  32: '32nd',
  64: '64th',
};

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function pitchXml(pitch: Pitch, accidental: Note['accidental']): string {
  const w = written[pitch];
  const alter =
    accidental === 'sharp'
      ? 1
      : accidental === 'flat'
        ? -1
        : accidental === 'natural'
          ? 0
          : w.alter;
  const alterXml = alter !== 0 ? `<alter>${alter}</alter>` : '';
  return `<pitch><step>${w.step}</step>${alterXml}<octave>${w.octave}</octave></pitch>`;
}

function timeXml(t: TimeSignature): string {
  const symbol = t.symbol ? ` symbol="${t.symbol}"` : '';
  return `<time${symbol}><beats>${t.beats}</beats><beat-type>${t.beatType}</beat-type></time>`;
}

/** What carries from one note to the next across bars: the tie, the tuplet ratio, the pitch. */
interface Flow {
  tieFromPrev: boolean;
  tuplet: { actual: number; normal: number } | null;
  prevPitch: Pitch | null;
}

function graceXml(note: Note, flow: Flow): string {
  // The first grace note of each embellishment carries its name as a hidden notation, so the
  // app's own import gets the very name back where several play the same notes ('gg' and
  // 'strhg' on High G); other programs ignore it (issue 15 item 4).
  const graces = note.embellishments.flatMap((e) =>
    graceNotes(e, { prev: flow.prevPitch, note: note.pitch }).map((pitch, i) => ({
      pitch,
      name: i === 0 ? e.code : null,
    })),
  );
  return graces
    .map(({ pitch, name }, i) => {
      const beam = graceBeamXml(i, graces.length);
      const hint = name
        ? `<notations><other-notation type="single" print-object="no">${escapeXml(name)}</other-notation></notations>`
        : '';
      return `<note><grace slash="no"/>${pitchXml(pitch, null)}<voice>1</voice><type>32nd</type><stem>up</stem>${beam}${hint}</note>`;
    })
    .join('');
}

function noteXml(item: Note | Rest, beams: Map<Note, string>, flow: Flow): string {
  if (item.tupletStart) flow.tuplet = item.tupletStart;
  const t = flow.tuplet;
  let length = (divisions * 4) / item.duration;
  length *= item.dots === 1 ? 1.5 : item.dots === 2 ? 1.75 : 1;
  if (t) length = (length * t.normal) / t.actual;
  const isNote = item.kind === 'note';
  const tieStart = isNote && item.tie;
  const tieStop = isNote && flow.tieFromPrev;
  const ties = (tieStop ? '<tie type="stop"/>' : '') + (tieStart ? '<tie type="start"/>' : '');
  const notations: string[] = [];
  if (tieStop) notations.push('<tied type="stop"/>');
  if (tieStart) notations.push('<tied type="start"/>');
  if (item.tupletStart) notations.push('<tuplet type="start" bracket="yes"/>');
  if (item.tupletEnd) notations.push('<tuplet type="stop"/>');
  if (isNote && item.fermata) notations.push('<fermata type="upright"/>');
  const body = isNote ? pitchXml(item.pitch, item.accidental) : '<rest/>';
  const dots = '<dot/>'.repeat(item.dots);
  const accidental = isNote && item.accidental ? `<accidental>${item.accidental}</accidental>` : '';
  const mod = t
    ? `<time-modification><actual-notes>${t.actual}</actual-notes><normal-notes>${t.normal}</normal-notes></time-modification>`
    : '';
  const stem = isNote ? '<stem>down</stem>' : '';
  const beam = (isNote && beams.get(item)) || '';
  const notationsXml = notations.length ? `<notations>${notations.join('')}</notations>` : '';
  const graces = isNote ? graceXml(item, flow) : '';
  if (item.tupletEnd) flow.tuplet = null;
  if (isNote) {
    flow.tieFromPrev = item.tie;
    flow.prevPitch = item.pitch;
  }
  return `${graces}<note>${body}<duration>${Math.round(length)}</duration>${ties}<voice>1</voice><type>${typeName[item.duration] ?? 'quarter'}</type>${dots}${accidental}${mod}${stem}${beam}${notationsXml}</note>`;
}

/** Numbers a BWW time line label as a MusicXML ending: '1' → '1', '24' → '2, 4'. */
function endingNumber(label: string): string | null {
  if (!/^\d+$/.test(label)) return null;
  return [...new Set(label.split(''))].join(', ');
}

function barlineXml(location: 'left' | 'right', style: string, inner: string): string {
  return `<barline location="${location}"><bar-style>${style}</bar-style>${inner}</barline>`;
}

export function toMusicXml(tune: Tune): string {
  const title = escapeXml(tuneText(tune, 'title'));
  const composer = tuneText(tune, 'composer');
  const flow: Flow = { tieFromPrev: false, tuplet: null, prevPitch: null };
  const measures: string[] = [];
  let openEnding: string | null = null;
  let first = true;
  tune.parts.forEach((part, partIndex) =>
    part.lines.forEach((line, lineIndex) => {
      const bars = line.bars.filter((b: Bar) => b.items.length > 0 || b.open !== null);
      bars.forEach((bar, barIndex) => {
        const out: string[] = [];
        if (barIndex === 0 && (partIndex > 0 || lineIndex > 0))
          out.push('<print new-system="yes"/>');
        const lefts: string[] = [];
        const attrs: string[] = [];
        if (first) attrs.push(`<divisions>${divisions}</divisions><key><fifths>2</fifths></key>`);
        if (barIndex === 0 && line.time) attrs.push(timeXml(line.time));
        if (first) attrs.push('<clef><sign>G</sign><line>2</line></clef>');
        if (attrs.length) out.push(`<attributes>${attrs.join('')}</attributes>`);
        if (first && tune.tempo !== null) out.push(metronomeXml(tune.tempo));
        first = false;
        const beams = beamXml(bar.items);
        let closing: string | null = null;
        for (const item of bar.items) {
          if (item.kind === 'note' || item.kind === 'rest') out.push(noteXml(item, beams, flow));
          else if (item.kind === 'time') out.push(`<attributes>${timeXml(item)}</attributes>`);
          else if (item.kind === 'timeline') {
            const number = endingNumber(item.label);
            if (number !== null && openEnding === null && lefts.length === 0) {
              openEnding = number;
              lefts.push(`<ending number="${number}" type="start">${number}.</ending>`);
            } else out.push(wordsXml(item.label));
          } else if (item.kind === 'timeline-end' && openEnding !== null) {
            closing = openEnding;
            openEnding = null;
          } else if (item.kind === 'text') out.push(wordsXml(item.text));
          else if (item.kind === 'mark') out.push(wordsXml(item.code));
          else if (item.kind === 'tempo') out.push(metronomeXml(item.bpm));
        }
        // The left barline goes first, after a system break if there is one.
        const at = out[0]?.startsWith('<print') ? 1 : 0;
        if (bar.open === 'repeat') {
          const repeat = `${lefts.join('')}<repeat direction="forward"/>`;
          out.splice(at, 0, barlineXml('left', 'heavy-light', repeat));
        } else if (lefts.length) out.splice(at, 0, barlineXml('left', 'regular', lefts.join('')));
        const ending = closing !== null ? `<ending number="${closing}" type="stop"/>` : '';
        if (bar.close === 'repeat') {
          out.push(barlineXml('right', 'light-heavy', `${ending}<repeat direction="backward"/>`));
        } else if (bar.close === 'part') out.push(barlineXml('right', 'light-heavy', ending));
        else if (bar.close === 'double') out.push(barlineXml('right', 'light-light', ending));
        else if (ending) out.push(barlineXml('right', 'regular', ending));
        measures.push(`<measure number="${measures.length + 1}">${out.join('')}</measure>`);
      });
    }),
  );
  // A time line never closed in the file ends with the tune, so the bracket is not left open.
  const last = measures.length - 1;
  if (openEnding !== null && last >= 0) {
    const stop = `<barline location="right"><ending number="${openEnding}" type="discontinue"/></barline>`;
    measures[last] = (measures[last] ?? '').replace(/<\/measure>$/, `${stop}</measure>`);
  }
  const creator = composer ? `<creator type="composer">${escapeXml(composer)}</creator>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">',
    '<score-partwise version="4.0">',
    `<work><work-title>${title}</work-title></work>`,
    `<identification>${creator}<encoding><software>Chanterlab</software></encoding></identification>`,
    // General MIDI program 110 is the bagpipe, so players that read MusicXML pick a fitting sound.
    '<part-list><score-part id="P1"><part-name>Highland bagpipe</part-name>' +
      '<score-instrument id="P1-I1"><instrument-name>Bagpipe</instrument-name></score-instrument>' +
      '<midi-instrument id="P1-I1"><midi-program>110</midi-program></midi-instrument>' +
      '</score-part></part-list>',
    `<part id="P1">${measures.join('\n')}</part>`,
    '</score-partwise>',
    '',
  ].join('\n');
}

/** A metronome mark that players also hear (`<sound tempo>`): crotchets per minute. */
function metronomeXml(bpm: number): string {
  return `<direction placement="above"><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>${bpm}</per-minute></metronome></direction-type><sound tempo="${bpm}"/></direction>`;
}

function wordsXml(text: string): string {
  return `<direction placement="above"><direction-type><words>${escapeXml(text)}</words></direction-type></direction>`;
}
