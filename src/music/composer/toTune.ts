/**
 * A composition in the app's tune model (issue 19 item 2: 'the existing renderer and player';
 * BWW and MusicXML through the existing writers): four bars to a line, parts opened and closed
 * with repeat signs (or part lines for a slow air), notes in a beat beamed together, the pipe
 * key signature (F and C sharp) and the form's time signature on the first line; a pickup, when
 * the tune has one, before the first bar line.
 */
import { TITLE_FORMAT } from '../bww/titleFormat.ts';
import type { Bar, Duration, Line, Note, Part, Text, Tune } from '../tune/tune.ts';
import { embellishmentOf } from '../tune/embellishments.ts';
import { FORM_SPECS, specOf } from './composerForms.ts';
import type { ComposedBar, Composition } from './composition.ts';

const BARS_PER_LINE = 4;

const lengths: Readonly<Record<number, { duration: Duration; dots: 0 | 1 }>> = {
  0.5: { duration: 32, dots: 0 },
  1: { duration: 16, dots: 0 },
  1.5: { duration: 16, dots: 1 },
  2: { duration: 8, dots: 0 },
  3: { duration: 8, dots: 1 },
  4: { duration: 4, dots: 0 },
  6: { duration: 4, dots: 1 },
  8: { duration: 2, dots: 0 },
  12: { duration: 2, dots: 1 },
  16: { duration: 1, dots: 0 },
};

function barNotes(bar: ComposedBar): Note[] {
  return bar.beats.flatMap((beat) => {
    const beamable = beat.length > 1 && beat.every((n) => n.ticks < 4);
    return beat.map((n, i): Note => {
      const length = lengths[n.ticks];
      if (!length) throw new Error(`no note value for ${n.ticks} ticks`);
      const embellishment = n.embellishment ? embellishmentOf(n.embellishment) : null;
      return {
        kind: 'note',
        pitch: n.pitch,
        ...length,
        beam: beamable ? (i === beat.length - 1 ? 'left' : 'right') : null,
        accidental: null,
        embellishments: embellishment ? [embellishment] : [],
        fermata: false,
        tie: false,
        tupletStart: null,
        tupletEnd: false,
      };
    });
  });
}

export function composedTitle(composition: Pick<Composition, 'options'>): string {
  const { title, form, seed } = composition.options;
  return title?.trim() || `${FORM_SPECS[form].label} No. ${seed}`;
}

export function toTune(composition: Composition): Tune {
  const spec = specOf(composition.options.form, composition.plan.meter);
  const text = (role: Text['role'], value: string, format: string): Text => ({
    kind: 'text',
    role,
    text: value,
    format,
  });
  const parts: Part[] = composition.parts.map((bars, partIndex) => {
    const lines: Line[] = [];
    for (let start = 0; start < bars.length; start += BARS_PER_LINE) {
      const slice = bars.slice(start, start + BARS_PER_LINE);
      lines.push({
        key: ['sharpf', 'sharpc'],
        time:
          partIndex === 0 && start === 0
            ? {
                kind: 'time',
                beats: spec.time.beats,
                beatType: spec.time.beatType,
                symbol: spec.time.bww === 'C' ? 'common' : spec.time.bww === 'C_' ? 'cut' : null,
              }
            : null,
        bars: [
          // The pickup stands before the first part's opening repeat sign, as the library
          // writes it (an incomplete bar, no bar line of its own; pickupBar.ts).
          ...(partIndex === 0 && start === 0 && composition.pickup
            ? [{ open: null, items: barNotes(composition.pickup), close: null } satisfies Bar]
            : []),
          ...slice.map((bar, i): Bar => {
            const index = start + i;
            const first = index === 0;
            const last = index === bars.length - 1;
            return {
              open: first ? (spec.repeated ? 'repeat' : 'part') : null,
              items: barNotes(bar),
              close: last
                ? spec.repeated
                  ? 'repeat'
                  : 'part'
                : i === slice.length - 1
                  ? 'line'
                  : 'bar',
            };
          }),
        ],
      });
    }
    return { lines };
  });
  return {
    header: ['Bagpipe Reader:1.0'],
    tempo: spec.tempo,
    texts: [
      text('title', composedTitle(composition), TITLE_FORMAT),
      text('type', spec.label, 'Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0'),
      text(
        'composer',
        `Chanterlab composer, seed ${composition.options.seed}`,
        'M,R,0,0,Times New Roman,10,400,0,0,18,0,0,0',
      ),
    ],
    parts,
  };
}
