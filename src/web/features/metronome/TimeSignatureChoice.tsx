import { useId } from 'react';
import { meterOf, timeSignatures, type TimeSignature } from '../../../music/meter.ts';

export interface TimeSignatureChoiceProps {
  readonly value: TimeSignature;
  readonly onChange: (value: TimeSignature) => void;
}

/** What the choice means, in a piper's words (issue 22 item 2). */
export function describeMeter(ts: TimeSignature): string {
  const { beatsPerBar, compound } = meterOf(ts);
  return compound
    ? `${beatsPerBar} dotted-crotchet beats a bar, the first accented; BPM counts dotted crotchets and the quavers click softly.`
    : `${beatsPerBar} crotchet beats a bar, the first accented.`;
}

/**
 * The time signature (issue 22 item 2) as one row of radio buttons, always in sight beside the
 * tempo (a menu would hide which is chosen); arrow keys move between them.
 */
export function TimeSignatureChoice({ value, onChange }: TimeSignatureChoiceProps) {
  const name = useId();
  return (
    <fieldset className="metronome-meter" aria-describedby={`${name}-line`}>
      <legend>Time signature</legend>
      <div className="metronome-meter-options">
        {timeSignatures.map((ts) => (
          <label key={ts} className="metronome-meter-option">
            <input
              type="radio"
              name={name}
              value={ts}
              checked={value === ts}
              onChange={() => onChange(ts)}
            />
            <span>{ts}</span>
          </label>
        ))}
      </div>
      <p id={`${name}-line`} className="metronome-meter-line">
        {describeMeter(value)}
      </p>
    </fieldset>
  );
}
