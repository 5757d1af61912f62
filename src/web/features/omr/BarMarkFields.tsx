import { useId } from 'react';
import type { Bar, TimeSignature } from '../../../music/tune/tune.ts';
import { barEndOf, barStartOf, type BarEnd, type BarStart } from './editRecognisedBar.ts';

/** The time signatures pipe music is written in. */
export const PIPE_TIMES: ReadonlyArray<readonly [number, number]> = [
  [2, 4],
  [3, 4],
  [4, 4],
  [2, 2],
  [6, 8],
  [9, 8],
  [12, 8],
  [3, 8],
];

const STARTS: ReadonlyArray<readonly [BarStart, string]> = [
  ['plain', 'Plain bar line'],
  ['part', 'Start of a part'],
  ['repeat', 'Start of a repeat'],
];

const ENDS: ReadonlyArray<readonly [BarEnd, string]> = [
  ['plain', 'Plain bar line'],
  ['double', 'Double bar line'],
  ['part', 'End of a part'],
  ['repeat', 'End of a repeat (play again)'],
];

/**
 * The bar's time signature and the signs on its bar lines (omr-ux): a misread 6/8 that came out
 * as 3/4, a repeat whose dots the reader missed.
 */
export function BarMarkFields({
  bar,
  time,
  onTime,
  onBarLines,
}: {
  readonly bar: Bar;
  readonly time: TimeSignature | null;
  readonly onTime: (beats: number, beatType: number) => void;
  readonly onBarLines: (change: { start?: BarStart; end?: BarEnd }) => void;
}) {
  const id = useId();
  const value = time ? `${time.beats}/${time.beatType}` : '';
  const known = PIPE_TIMES.some(([b, t]) => `${b}/${t}` === value);
  return (
    <fieldset className="omr-note-fields omr-bar-marks">
      <legend>This bar</legend>
      <div className="omr-field">
        <label htmlFor={`${id}-time`}>Time signature</label>
        <select
          id={`${id}-time`}
          value={value}
          onChange={(e) => {
            const [beats, beatType] = e.target.value.split('/').map(Number);
            if (beats && beatType) onTime(beats, beatType);
          }}
        >
          {!known && <option value={value}>{value || 'None'}</option>}
          {PIPE_TIMES.map(([b, t]) => (
            <option key={`${b}/${t}`} value={`${b}/${t}`}>
              {`${b}/${t}`}
            </option>
          ))}
        </select>
      </div>
      <div className="omr-field">
        <label htmlFor={`${id}-start`}>Bar line at the start</label>
        <select
          id={`${id}-start`}
          value={barStartOf(bar)}
          onChange={(e) => onBarLines({ start: e.target.value as BarStart })}
        >
          {STARTS.map(([v, name]) => (
            <option key={v} value={v}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="omr-field">
        <label htmlFor={`${id}-end`}>Bar line at the end</label>
        <select
          id={`${id}-end`}
          value={barEndOf(bar)}
          onChange={(e) => onBarLines({ end: e.target.value as BarEnd })}
        >
          {ENDS.map(([v, name]) => (
            <option key={v} value={v}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <p className="omr-muted omr-field-wide">A time signature holds from this bar on.</p>
    </fieldset>
  );
}
