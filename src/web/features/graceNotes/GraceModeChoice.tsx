import { useId } from 'react';
import { graceModeExplanations, graceModes, type GraceMode } from '../../../music/graceRules.ts';

export interface GraceModeChoiceProps {
  readonly mode: GraceMode;
  readonly onChange: (mode: GraceMode) => void;
}

/**
 * The trainer's two modes side by side, each with its one-line explanation (issue 22 item 1):
 * native radio buttons, so arrow keys move between them; each is named by its mode and
 * described by its line, and the whole card is the click target.
 */
export function GraceModeChoice({ mode, onChange }: GraceModeChoiceProps) {
  const id = useId();
  return (
    <fieldset className="grace-mode">
      <legend>Practise</legend>
      {graceModes.map((m) => (
        <label key={m} className="grace-mode__option">
          <input
            type="radio"
            name={id}
            value={m}
            checked={mode === m}
            aria-labelledby={`${id}-${m}`}
            aria-describedby={`${id}-${m}-line`}
            onChange={() => onChange(m)}
          />
          <span id={`${id}-${m}`} className="grace-mode__name">
            {m}
          </span>
          <span id={`${id}-${m}-line`} className="grace-mode__line">
            {graceModeExplanations[m]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
