import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  DIRECTORY_LIMITS,
  TUTOR_LEVELS,
  TUTOR_LEVEL_LABELS,
  type TutorLevel,
} from '../../../contracts/directory/directoryTerms.ts';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';
import type { Tutor } from '../../../contracts/directory/tutorRoutes.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { DirectoryMap } from '../../ui/map/DirectoryMap.tsx';
import { PlacePicker } from '../../ui/places/PlacePicker.tsx';
import { SendEmailDialog } from '../../ui/SendEmailDialog.tsx';
import { ReportListingDialog } from '../../ui/ReportListingDialog.tsx';
import { TutorCard } from './TutorCard.tsx';
import { useTutorSearch, type TutorQuery } from './useTutorSearch.ts';
import '../../ui/siteForm.css';

type Format = 'any' | 'in-person' | 'online';
const FORMAT_LABELS: Record<Format, string> = {
  any: 'In person or online',
  'in-person': 'In person',
  online: 'Online',
};

export interface TutorDirectoryProps {
  /** Test seam for every request the directory makes. */
  readonly fetch?: typeof fetch;
}

/**
 * The tutor directory (issue 16 item 5): search near a town (the offline gazetteer) within a
 * radius, in person or online, by level and language; nearest first, online tutors wherever
 * they are. Contact goes through the Send Email relay with recipientId `tutor:{id}`, so the
 * tutor's address never reaches the page. Every listed tutor shows once the page has hydrated.
 */
export function TutorDirectory({ fetch: fetchImpl }: TutorDirectoryProps) {
  const id = useId();
  const auth = useAuthSnapshot();
  const { state, search } = useTutorSearch(fetchImpl);
  const [place, setPlace] = useState<Place | null>(null);
  const [radiusKm, setRadiusKm] = useState<number>(DIRECTORY_LIMITS.defaultRadiusKm);
  const [format, setFormat] = useState<Format>('any');
  const [level, setLevel] = useState<TutorLevel | ''>('');
  const [language, setLanguage] = useState('');
  const [contact, setContact] = useState<Tutor | null>(null);
  const [report, setReport] = useState<Tutor | null>(null);

  // Every listed tutor, read once hydrated (the prerendered page shows the form only).
  useEffect(() => {
    void search({});
  }, [search]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const query: TutorQuery = {
      format,
      ...(place ? { lat: place.lat, lon: place.lon, radiusKm } : {}),
      ...(level ? { level } : {}),
      ...(language.trim() ? { language: language.trim() } : {}),
    };
    void search(query);
  }

  return (
    <section className="tutor-directory" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find a tutor</h2>
      <form className="tutor-search card" onSubmit={submit} aria-label="Search tutors">
        <div className="tutor-search__place">
          <PlacePicker
            label="Near"
            value={place}
            onChange={setPlace}
            required={false}
            placeholder="Any town (leave empty for everyone)"
            {...(fetchImpl ? { fetch: fetchImpl } : {})}
          />
        </div>
        <div className="site-form-field">
          <label htmlFor={`${id}-radius`}>Within</label>
          <select
            id={`${id}-radius`}
            value={radiusKm}
            onChange={(e) => setRadiusKm(Number(e.target.value))}
          >
            {DIRECTORY_LIMITS.radiiKm.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </select>
        </div>
        <div className="site-form-field">
          <label htmlFor={`${id}-format`}>Lessons</label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(e) => setFormat(e.target.value as Format)}
          >
            {(Object.keys(FORMAT_LABELS) as Format[]).map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="site-form-field">
          <label htmlFor={`${id}-level`}>Level</label>
          <select
            id={`${id}-level`}
            value={level}
            onChange={(e) => setLevel(e.target.value as TutorLevel | '')}
          >
            <option value="">Any level</option>
            {TUTOR_LEVELS.map((l) => (
              <option key={l} value={l}>
                {TUTOR_LEVEL_LABELS[l]}
              </option>
            ))}
          </select>
        </div>
        <div className="site-form-field">
          <label htmlFor={`${id}-language`}>Language</label>
          <input
            id={`${id}-language`}
            value={language}
            placeholder="Any language"
            maxLength={40}
            onChange={(e) => setLanguage(e.target.value)}
          />
        </div>
        <button type="submit" className="button tutor-search__go">
          Search
        </button>
      </form>

      {/* In-person tutors on the directory map (issue 16 item 5): each at their town, never
          closer; selecting one scrolls to their card. */}
      <DirectoryMap
        label="Map of tutors who teach in person"
        points={
          state.phase === 'done'
            ? state.tutors
                .filter((t) => t.inPerson)
                .map((t) => ({
                  id: t.id,
                  lat: t.place.lat,
                  lon: t.place.lon,
                  label: `${t.displayName}, ${t.place.name}`,
                  href: `#tutor-card-${t.id}`,
                }))
            : []
        }
        center={place ? [place.lat, place.lon] : undefined}
        radiusKm={place ? radiusKm : undefined}
        onSelect={(point) =>
          document.getElementById(`tutor-card-${point.id}`)?.scrollIntoView({ block: 'center' })
        }
      />

      <div className="tutor-results" aria-live="polite" aria-busy={state.phase === 'loading'}>
        {state.phase === 'idle' || state.phase === 'loading' ? (
          <p role="status" className="tutor-results__status">
            Looking for tutors…
          </p>
        ) : state.phase === 'failed' ? (
          <p className="site-form-alert" role="alert">
            Could not load tutors: {state.message}
          </p>
        ) : state.tutors.length === 0 ? (
          <p role="status" className="tutor-results__status">
            No tutors match yet. Try a wider radius, or include online lessons.
          </p>
        ) : (
          <>
            <p role="status" className="tutor-results__status">
              {state.total === 1 ? '1 tutor' : `${state.total} tutors`}
              {place ? ` near ${place.name}` : ''}
            </p>
            <ul className="tutor-list">
              {state.tutors.map((tutor) => (
                <TutorCard
                  key={tutor.id}
                  tutor={tutor}
                  onContact={setContact}
                  onReport={setReport}
                />
              ))}
            </ul>
          </>
        )}
      </div>

      <SendEmailDialog
        open={contact !== null}
        onClose={() => setContact(null)}
        title="Contact a tutor"
        recipientId={contact ? `tutor:${contact.id}` : ''}
        recipientName={contact?.displayName ?? ''}
        userEmail={auth.user?.email ?? null}
      />
      {report ? (
        <ReportListingDialog
          kind="tutor"
          listingId={report.id}
          name={report.displayName}
          onClose={() => setReport(null)}
          {...(fetchImpl ? { fetchImpl } : {})}
        />
      ) : null}
    </section>
  );
}
