import { Link } from 'react-router';
import type { BandSummary } from '../../../contracts/directory/bandRoutes.ts';
import {
  BAND_GRADE_LABELS,
  RECRUITING_LABELS,
  WEEKDAY_LABELS,
} from '../../../contracts/directory/directoryTerms.ts';
import { countryName } from '../../ui/places/placeLabel.ts';
import { formatDistance } from './finderQuery.ts';
import { bandHref } from './useBandFinder.ts';

/** The finder's results, nearest first (issue 16 item 2): the accessible way through the map. */
export function BandList({ bands }: { bands: readonly BandSummary[] }) {
  return (
    <ol className="band-finder-list" aria-label="Bands found">
      {bands.map((band) => (
        <li key={band.id} className="card band-finder-item" data-band-id={band.id}>
          <h3>
            <Link to={bandHref(band.id)}>{band.name}</Link>
          </h3>
          <p className="band-finder-meta">
            <span>{BAND_GRADE_LABELS[band.grade]}</span>
            <span>
              {band.town}, {countryName(band.country)}
            </span>
            {band.distanceKm !== null && (
              <span className="band-finder-distance">{formatDistance(band.distanceKm)} away</span>
            )}
          </p>
          {band.practiceDays.length > 0 && (
            <p>Practises on {band.practiceDays.map((day) => WEEKDAY_LABELS[day]).join(', ')}</p>
          )}
          {band.recruiting.length > 0 && (
            <p className="band-finder-recruiting">
              Recruiting: {band.recruiting.map((r) => RECRUITING_LABELS[r]).join(', ')}
            </p>
          )}
          {band.learnerProgramme && <p className="band-finder-badge">Learner programme</p>}
        </li>
      ))}
    </ol>
  );
}
