import { notes, type Pitch } from '../../music/notes.ts';

export interface PitchSelectProps {
  readonly id: string;
  readonly value: Pitch;
  readonly onChange: (pitch: Pitch) => void;
  readonly disabled?: boolean;
}

/**
 * A select of the chanter's nine notes by name (Low G to High A), for the screens that let a
 * piper correct or write a note: the AI Composer's bar editor and Music Recognition's note
 * editor and 'add a note'. The label is the caller's (`<label htmlFor={id}>`).
 */
export function PitchSelect({ id, value, onChange, disabled }: PitchSelectProps) {
  return (
    <select
      id={id}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Pitch)}
    >
      {notes.map((n) => (
        <option key={n.pitch} value={n.pitch}>
          {n.name}
        </option>
      ))}
    </select>
  );
}
