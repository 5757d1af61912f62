import type { Tutor } from '../../../contracts/directory/tutorRoutes.ts';
import { placeLabel } from '../../ui/places/placeLabel.ts';
import { distanceText, feeText, formatText, levelsText } from './tutorFacts.ts';

export interface TutorCardProps {
  readonly tutor: Tutor;
  readonly onContact: (tutor: Tutor) => void;
  readonly onReport: (tutor: Tutor) => void;
}

/**
 * One tutor in the directory (issue 16 item 5): name, town, distance, in person or online,
 * levels, fee range, languages, and Contact (the relay) and Report this listing. The town is
 * all a pupil learns of where a tutor lives.
 */
export function TutorCard({ tutor, onContact, onReport }: TutorCardProps) {
  const headingId = `tutor-${tutor.id}`;
  const distance = distanceText(tutor.distanceKm);
  const fee = feeText(tutor.fee);
  return (
    <li id={`tutor-card-${tutor.id}`} className="tutor-card card" aria-labelledby={headingId}>
      <h3 id={headingId} className="tutor-card__name">
        {tutor.displayName}
      </h3>
      <p className="tutor-card__where">
        {placeLabel(tutor.place)}
        {distance ? <span className="tutor-card__distance"> · {distance}</span> : null}
      </p>
      <dl className="tutor-card__facts">
        <dt>Lessons</dt>
        <dd>{formatText(tutor)}</dd>
        <dt>Levels</dt>
        <dd>{levelsText(tutor)}</dd>
        {fee ? (
          <>
            <dt>Fee</dt>
            <dd>{fee}</dd>
          </>
        ) : null}
        <dt>Languages</dt>
        <dd>{tutor.languages.join(', ')}</dd>
        {tutor.qualifications ? (
          <>
            <dt>Qualifications</dt>
            <dd>{tutor.qualifications}</dd>
          </>
        ) : null}
      </dl>
      {tutor.description ? <p className="tutor-card__description">{tutor.description}</p> : null}
      <div className="tutor-card__actions">
        <button type="button" className="button" onClick={() => onContact(tutor)}>
          Contact
        </button>
        {tutor.website ? (
          <a
            className="button secondary"
            href={tutor.website}
            rel="nofollow noopener"
            target="_blank"
          >
            Website
          </a>
        ) : null}
        <button type="button" className="tutor-card__report" onClick={() => onReport(tutor)}>
          Report this listing
        </button>
      </div>
    </li>
  );
}
