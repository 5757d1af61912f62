/**
 * /bands — the band finder (spec §2.1; issue 16 item 2): a map and a list side by side
 * (stacked on phones), a town from the offline gazetteer or 'Near me', a radius, and filters;
 * the list nearest first, each band linking to its page. The search lives in the URL so it can
 * be shared, read after hydration (ADR 019). The map needs no server but the app's own.
 */
import { useCallback } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { DirectoryMap } from '../../ui/map/DirectoryMap.tsx';
import { PlacePicker } from '../../ui/places/PlacePicker.tsx';
import { BandList } from './BandList.tsx';
import { FinderFilters } from './FinderFilters.tsx';
import { EMPTY_QUERY, isSearching, type FinderQuery } from './finderQuery.ts';
import { useBandFinder, type BandFinder } from './useBandFinder.ts';
import { useNearMe } from './useNearMe.ts';
import '../../ui/siteForm.css';
import './bandFinder.css';

const hasFilters = (q: FinderQuery) =>
  q.grade !== null || q.recruiting !== null || q.learners || q.night !== null;

/** 'within 50 km of Perth', 'within 50 km of you', or '' with no point. */
function whereText(finder: BandFinder): string {
  const { query, place } = finder;
  if (place) return ` within ${query.radiusKm} km of ${place.name}`;
  if (query.near) return ` within ${query.radiusKm} km of you`;
  return '';
}

function ResultsHeading({ finder }: { finder: BandFinder }) {
  const { query, status, total, bands } = finder;
  if (!isSearching(query)) {
    const listed = finder.points.length;
    return (
      <>
        <h2 id="band-results-title">Every band on the map</h2>
        <p className="band-finder-hint">
          {listed > 0 ? `${listed} ${listed === 1 ? 'band is' : 'bands are'} listed. ` : ''}
          Choose your town or press ‘Near me’ to list the bands near you, nearest first.
        </p>
      </>
    );
  }
  let text = 'Searching…';
  if (status === 'ready') {
    const shown = bands.length < total ? ` (the nearest ${bands.length} shown)` : '';
    text = `${total} ${total === 1 ? 'band' : 'bands'}${whereText(finder)}${shown}`;
  }
  return (
    <h2 id="band-results-title" aria-live="polite">
      {text}
    </h2>
  );
}

function EmptyResults({ finder }: { finder: BandFinder }) {
  const where = whereText(finder);
  return (
    <div className="card band-finder-empty">
      <p>
        No bands{where || (hasFilters(finder.query) ? ' match these filters' : '')} yet —{' '}
        {where ? 'widen the search' : 'change the filters'} or{' '}
        <Link to={paths.bandRegistration}>register yours</Link>.
      </p>
    </div>
  );
}

export default function BandFinderScreen() {
  const finder = useBandFinder();
  const { query, setQuery, place, status, error } = finder;
  const onFound = useCallback(
    (near: { lat: number; lon: number }) => setQuery({ ...query, placeId: null, near }),
    [query, setQuery],
  );
  const nearMe = useNearMe(onFound);

  return (
    <section className="page band-finder" aria-labelledby="bands-title">
      <h1 id="bands-title">Find a pipe band</h1>
      <p className="site-form-intro">
        Pipe bands near you, nearest first, with their grade, practice nights and what they are
        recruiting. Locations are shown to about a kilometre unless a band chooses otherwise.
      </p>
      <div role="search" className="card band-finder-search" aria-label="Search for bands">
        <div className="band-finder-where">
          <PlacePicker
            label="Town or city"
            value={place}
            required={false}
            onChange={(picked) => {
              if (picked) setQuery({ ...query, placeId: picked.id, near: null }, picked);
            }}
          />
          <button
            type="button"
            className="button secondary band-finder-near"
            onClick={nearMe.locate}
            disabled={nearMe.state.status === 'asking'}
          >
            {nearMe.state.status === 'asking' ? 'Finding you…' : 'Near me'}
          </button>
        </div>
        <FinderFilters query={query} onChange={(next) => setQuery(next)} />
        {(nearMe.state.status === 'refused' || nearMe.state.status === 'unavailable') && (
          <p className="site-form-alert" role="alert">
            {nearMe.state.message}
          </p>
        )}
        {isSearching(query) && (
          <button
            type="button"
            className="button secondary band-finder-clear"
            onClick={() => setQuery(EMPTY_QUERY)}
          >
            Clear the search
          </button>
        )}
      </div>
      <div className="band-finder-results">
        <section className="band-finder-listing" aria-labelledby="band-results-title">
          <ResultsHeading finder={finder} />
          {status === 'error' && error && (
            <p className="site-form-alert" role="alert">
              {error}
            </p>
          )}
          {status === 'ready' && finder.bands.length === 0 && <EmptyResults finder={finder} />}
          {finder.bands.length > 0 && <BandList bands={finder.bands} />}
        </section>
        <div className="band-finder-map">
          <DirectoryMap
            label="Map of pipe bands"
            points={finder.points}
            center={finder.center ?? undefined}
            radiusKm={finder.center ? query.radiusKm : undefined}
          />
        </div>
      </div>
    </section>
  );
}
