/**
 * The finder's state (issue 16 item 2): the search from the URL (read once hydrated, ADR 019),
 * the place it names (looked up by id so a shared link shows its town), the results nearest
 * first, and every band's marker when nothing narrows the search. One hook, so the screen only
 * renders what it is given.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { bandRoutes, type BandSummary } from '../../../contracts/directory/bandRoutes.ts';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';
import { placeRoutes } from '../../../contracts/directory/placeRoutes.ts';
import { pathTo } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import type { MapPoint } from '../../ui/map/mapPoint.ts';
import {
  EMPTY_QUERY,
  apiQuery,
  finderSearchParams,
  isSearching,
  parseFinderQuery,
  type FinderQuery,
} from './finderQuery.ts';

export type FinderStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface BandFinder {
  readonly query: FinderQuery;
  /** Writes the search into the URL (replacing the entry: filters are not history). */
  readonly setQuery: (next: FinderQuery, place?: Place | null) => void;
  /** The named place, once known (null with no place, or 'Near me'). */
  readonly place: Place | null;
  readonly status: FinderStatus;
  readonly error: string | null;
  readonly bands: readonly BandSummary[];
  readonly total: number;
  /** What the map shows: the results when searching, every listed band otherwise. */
  readonly points: readonly MapPoint[];
  /** The search's centre, for the map. */
  readonly center: readonly [number, number] | null;
}

const BAND_PATTERN = '/band/:bandId';
export const bandHref = (id: string) => pathTo(BAND_PATTERN, { bandId: id });

const sameQuery = (a: FinderQuery, b: FinderQuery) =>
  finderSearchParams(a).toString() === finderSearchParams(b).toString();

export function useBandFinder(): BandFinder {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const urlQuery = useMemo(() => parseFinderQuery(params), [params]);
  // The prerendered first view has no query: the URL is read only after hydration.
  const [query, setLocalQuery] = useState<FinderQuery>(EMPTY_QUERY);
  useEffect(() => {
    if (hydrated) setLocalQuery((current) => (sameQuery(current, urlQuery) ? current : urlQuery));
  }, [hydrated, urlQuery]);

  // Places picked in this visit need no lookup; a shared link's place is asked for by id.
  const places = useRef(new Map<number, Place>());
  const [place, setPlace] = useState<Place | null>(null);
  const [status, setStatus] = useState<FinderStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [bands, setBands] = useState<readonly BandSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [markers, setMarkers] = useState<readonly MapPoint[]>([]);

  const setQuery = useCallback(
    (next: FinderQuery, picked?: Place | null) => {
      if (picked) places.current.set(picked.id, picked);
      setLocalQuery(next);
      setParams(finderSearchParams(next), { replace: true, preventScrollReset: true });
    },
    [setParams],
  );

  const searching = isSearching(query);
  const near = query.near;
  // The search as text: effects re-run when it changes, not when an equal object is made.
  const key = finderSearchParams(query).toString();

  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    const signal = controller.signal;
    const asked = parseFinderQuery(new URLSearchParams(key));
    const placeId = asked.placeId;
    async function run() {
      let point: { lat: number; lon: number } | null = asked.near;
      let named: Place | null = null;
      if (placeId !== null) {
        named = places.current.get(placeId) ?? null;
        if (!named) {
          setStatus('loading');
          const found = await callApi(placeRoutes.byId, { params: { placeId } }, { signal });
          if (signal.aborted) return;
          if (found.error) {
            setPlace(null);
            setStatus('error');
            setError('That place is not in our list of towns. Please choose it again.');
            return;
          }
          named = found.data;
          places.current.set(named.id, named);
        }
        point = { lat: named.lat, lon: named.lon };
      }
      setPlace(named);
      if (!isSearching(asked)) {
        setBands([]);
        setTotal(0);
        setStatus('idle');
        setError(null);
        return;
      }
      setStatus('loading');
      const result = await callApi(
        bandRoutes.search,
        { query: apiQuery(asked, point) },
        { signal },
      );
      if (signal.aborted) return;
      if (result.error) {
        setStatus('error');
        setError(result.error.message);
        return;
      }
      setBands(result.data.bands);
      setTotal(result.data.total);
      setError(null);
      setStatus('ready');
    }
    void run();
    return () => controller.abort();
  }, [hydrated, key]);

  // Every listed band for the map, once, when the visitor has not searched yet.
  const wantMarkers = hydrated && !searching;
  const markersAsked = useRef(false);
  useEffect(() => {
    if (!wantMarkers || markersAsked.current) return;
    markersAsked.current = true;
    void callApi(bandRoutes.markers, {}).then((result) => {
      if (result.error) {
        markersAsked.current = false;
        return;
      }
      setMarkers(
        result.data.markers.map(([id, lat, lon, name]) => ({
          id,
          lat,
          lon,
          label: name,
          href: bandHref(id),
        })),
      );
    });
  }, [wantMarkers]);

  const resultPoints = useMemo(
    () =>
      bands.map((band) => ({
        id: band.id,
        lat: band.lat,
        lon: band.lon,
        label: band.name,
        href: bandHref(band.id),
      })),
    [bands],
  );

  const center: readonly [number, number] | null = place
    ? [place.lat, place.lon]
    : near
      ? [near.lat, near.lon]
      : null;

  return {
    query,
    setQuery,
    place,
    status,
    error,
    bands,
    total,
    points: searching ? resultPoints : markers,
    center,
  };
}
