/**
 * A map of directory listings (issue 16 item 2), used by /bands and later /instruction. The box
 * is rendered at once (space reserved: nothing shifts), and Leaflet with its base layer is
 * loaded after hydration, i.e. after the first paint (ADR 026), so the first view stays light
 * (issue 21). The list beside it is the accessible way through the results; the map is a
 * labelled region whose markers are focusable buttons with their band's name.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { yieldToMain } from '../../lib/runInSlices.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { useReducedMotion } from '../../lib/useReducedMotion.ts';
import type { DirectoryMapEngine } from './leafletMap.ts';
import type { MapPoint } from './mapPoint.ts';
import { useMapTiles } from './useMapTiles.ts';
import './directoryMap.css';

export interface DirectoryMapProps {
  readonly points: readonly MapPoint[];
  /** The region's accessible name, e.g. 'Map of pipe bands'. */
  readonly label: string;
  readonly center?: readonly [number, number];
  readonly zoom?: number;
  /** With a centre: fit the view to this radius instead of a zoom. */
  readonly radiusKm?: number;
  /** A marker was chosen; by default the map opens its href. */
  readonly onSelect?: (point: MapPoint) => void;
}

/** The whole world, centred a little north (where most land and most pipers are). */
const WORLD_CENTER: readonly [number, number] = [30, 0];
const WORLD_ZOOM = 2;

export type MapState = 'loading' | 'ready' | 'failed';

export function DirectoryMap({
  points,
  label,
  center,
  zoom,
  radiusKm,
  onSelect,
}: DirectoryMapProps) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const tiles = useMapTiles();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const engine = useRef<DirectoryMapEngine | null>(null);
  const [state, setState] = useState<MapState>('loading');
  const select = useRef(onSelect);
  select.current = onSelect;
  const latest = useRef({ points, center, zoom, radiusKm });
  latest.current = { points, center, zoom, radiusKm };

  // Build the engine once the tile setting is known; rebuild if reduced motion changes
  // (Leaflet reads its animation options once).
  useEffect(() => {
    if (!hydrated || tiles === undefined || !box.current) return;
    let live = true;
    const element = box.current;
    import('./leafletMap.ts').then(
      async ({ createDirectoryMap }) => {
        // Loading the module and building the map are separate tasks (issue 21: TBT).
        await yieldToMain();
        if (!live) return;
        const now = latest.current;
        const map = createDirectoryMap(element, {
          center: now.center ?? WORLD_CENTER,
          zoom: now.zoom ?? WORLD_ZOOM,
          reducedMotion,
          tiles,
          onSelect: (point) => (select.current ? select.current(point) : navigate(point.href)),
          onDrawn: () => live && setState('ready'),
        });
        engine.current = map;
        map.setPoints(now.points);
        if (now.center && now.radiusKm) map.fitRadius(now.center, now.radiusKm);
        else if (!now.center) map.fitPoints(now.points);
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      engine.current?.dispose();
      engine.current = null;
    };
  }, [hydrated, tiles, reducedMotion, navigate]);

  useEffect(() => {
    engine.current?.setPoints(points);
    // With no centre of its own, the map shows where the points are.
    if (!latest.current.center) engine.current?.fitPoints(points);
  }, [points]);

  const [lat, lon] = center ?? [];
  useEffect(() => {
    const map = engine.current;
    if (!map) return;
    if (lat === undefined || lon === undefined) map.setView(WORLD_CENTER, WORLD_ZOOM);
    else if (radiusKm) map.fitRadius([lat, lon], radiusKm);
    else map.setView([lat, lon], zoom ?? WORLD_ZOOM);
  }, [lat, lon, zoom, radiusKm]);

  return (
    <div className="directory-map" role="region" aria-label={label} data-map-state={state}>
      <div ref={box} className="directory-map__canvas" />
      {state !== 'ready' && (
        <p className="directory-map__status" role="status">
          {state === 'failed' ? 'The map could not be loaded; the list has every result.' : ''}
        </p>
      )}
    </div>
  );
}
