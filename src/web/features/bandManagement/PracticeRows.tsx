import { useId } from 'react';
import {
  DIRECTORY_LIMITS,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type Weekday,
} from '../../../contracts/directory/directoryTerms.ts';
import type { PracticeRow } from './bandForm.ts';

interface Props {
  readonly rows: readonly PracticeRow[];
  readonly error?: string | undefined;
  readonly onChange: (rows: readonly PracticeRow[]) => void;
}

/** Practice nights as rows of day, start and end (issue 16 item 1), up to practiceMax. */
export function PracticeRows({ rows, error, onChange }: Props) {
  const id = useId();
  const set = (index: number, row: Partial<PracticeRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
  return (
    <fieldset
      className="band-fieldset"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>Practice nights</legend>
      {rows.length === 0 && <p className="site-form-hint">No practice nights yet.</p>}
      <ol className="band-practice">
        {rows.map((row, index) => (
          <li key={index}>
            <label>
              <span>Day</span>
              <select
                value={row.day}
                onChange={(e) => set(index, { day: e.target.value as Weekday })}
              >
                {WEEKDAYS.map((day) => (
                  <option key={day} value={day}>
                    {WEEKDAY_LABELS[day]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>From</span>
              <input
                type="time"
                value={row.start}
                onChange={(e) => set(index, { start: e.target.value })}
              />
            </label>
            <label>
              <span>To</span>
              <input
                type="time"
                value={row.end}
                onChange={(e) => set(index, { end: e.target.value })}
              />
            </label>
            <button
              type="button"
              className="button secondary small"
              aria-label={`Remove practice night ${index + 1}`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {rows.length < DIRECTORY_LIMITS.practiceMax && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => onChange([...rows, { day: 'thu', start: '19:30', end: '21:30' }])}
        >
          Add a practice night
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="site-form-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
