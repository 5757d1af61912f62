import { useId } from 'react';
import {
  BAND_GRADES,
  BAND_GRADE_LABELS,
  DIRECTORY_LIMITS,
  RECRUITING,
  RECRUITING_LABELS,
  WEEKDAYS,
  WEEKDAY_LABELS,
} from '../../../contracts/directory/directoryTerms.ts';
import type { FinderQuery } from './finderQuery.ts';

interface Props {
  readonly query: FinderQuery;
  readonly onChange: (next: FinderQuery) => void;
}

/** Radius and filters (issue 16 item 2): grade, recruiting, learner programme, practice night. */
export function FinderFilters({ query, onChange }: Props) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  return (
    <div className="band-finder-filters">
      <div className="band-finder-field">
        <label htmlFor={field('radius')}>Within</label>
        <select
          id={field('radius')}
          value={query.radiusKm}
          onChange={(e) => onChange({ ...query, radiusKm: Number(e.target.value) })}
        >
          {DIRECTORY_LIMITS.radiiKm.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
      </div>
      <div className="band-finder-field">
        <label htmlFor={field('grade')}>Grade</label>
        <select
          id={field('grade')}
          value={query.grade ?? ''}
          onChange={(e) =>
            onChange({ ...query, grade: (e.target.value || null) as FinderQuery['grade'] })
          }
        >
          <option value="">Any grade</option>
          {BAND_GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {BAND_GRADE_LABELS[grade]}
            </option>
          ))}
        </select>
      </div>
      <div className="band-finder-field">
        <label htmlFor={field('recruiting')}>Recruiting</label>
        <select
          id={field('recruiting')}
          value={query.recruiting ?? ''}
          onChange={(e) =>
            onChange({
              ...query,
              recruiting: (e.target.value || null) as FinderQuery['recruiting'],
            })
          }
        >
          <option value="">Any</option>
          {RECRUITING.map((r) => (
            <option key={r} value={r}>
              {RECRUITING_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="band-finder-field">
        <label htmlFor={field('night')}>Practice night</label>
        <select
          id={field('night')}
          value={query.night ?? ''}
          onChange={(e) =>
            onChange({ ...query, night: (e.target.value || null) as FinderQuery['night'] })
          }
        >
          <option value="">Any night</option>
          {WEEKDAYS.map((day) => (
            <option key={day} value={day}>
              {WEEKDAY_LABELS[day]}
            </option>
          ))}
        </select>
      </div>
      <div className="band-finder-check">
        <input
          id={field('learners')}
          type="checkbox"
          checked={query.learners}
          onChange={(e) => onChange({ ...query, learners: e.target.checked })}
        />
        <label htmlFor={field('learners')}>Has a learner programme</label>
      </div>
    </div>
  );
}
