/**
 * The directory map's engine (issue 16 item 2), without React: Leaflet over a base layer drawn
 * from Natural Earth (world-atlas, public domain) and GeoNames town names, all shipped with the
 * app as static files, so the map reaches no server but the app's own. Raster tiles only when
 * the operator configured them (MAP_TILE_URL), fetched for the visible view only (keepBuffer
 * small, no prefetch) with their attribution always shown. Markers cluster (clusterPoints.ts)
 * and only those in view exist as elements, kept by key between views so a focused marker
 * keeps its focus while the map pans. Loaded lazily by DirectoryMap after the first paint.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, MultiPolygon, Position } from 'geojson';
import type { Topology } from 'topojson-specification';
import countries110Url from 'world-atlas/countries-110m.json?url';
import countries50Url from 'world-atlas/countries-50m.json?url';
import townsUrl from './towns.json?url';
import { clusterPoints, type ClusterIndex, type MapMarker } from './clusterPoints.ts';
import type { MapPoint, MapTiles, ViewBounds } from './mapPoint.ts';
import { townsInView, type Town } from './townsInView.ts';
import { unwrapFeatures } from './unwrapRings.ts';
import { yieldToMain } from '../../lib/runInSlices.ts';
import './directoryMap.css';

export interface DirectoryMapOptions {
  readonly center: readonly [lat: number, lon: number];
  readonly zoom: number;
  /** Under prefers-reduced-motion: no animated zoom, pan, fade or inertia. */
  readonly reducedMotion: boolean;
  readonly tiles: MapTiles | null;
  /** A single marker was chosen (click, Enter). */
  readonly onSelect: (point: MapPoint) => void;
  /** Told once the base layer is drawn (benchmarks and tests wait for it). */
  readonly onDrawn?: () => void;
}

export interface DirectoryMapEngine {
  setPoints(points: readonly MapPoint[]): void;
  setView(center: readonly [number, number], zoom: number): void;
  /** Fits the view to every point (the world's bands before a search). */
  fitPoints(points: readonly MapPoint[]): void;
  /** Fits the view to a circle (a search's radius) around a point. */
  fitRadius(center: readonly [number, number], radiusKm: number): void;
  dispose(): void;
}

/** Finer coastlines once zoomed in this far (the 50m file is loaded then, not before). */
const DETAIL_ZOOM = 4;
/** Tiles kept beyond the view when panning (Leaflet's default 2): the policy's 'no bulk'. */
const TILE_KEEP_BUFFER = 1;
const MAX_ZOOM = 16;

const BASE_ATTRIBUTION =
  '<a href="/credits">Natural Earth</a> (public domain), <a href="/credits">GeoNames</a> (CC BY 4.0)';

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: status ${response.status}`);
  return (await response.json()) as T;
}

/** Polygons per piece of land: one piece is drawn per task (issue 21 item 3). */
const POLYGONS_PER_PIECE = 40;

/**
 * The countries as a few MultiPolygons of at most POLYGONS_PER_PIECE polygons each: a handful
 * of Leaflet layers and canvas paths instead of ~250. One MultiPolygon of the whole world took
 * Leaflet about 75 ms at Lighthouse's 4× slowdown to project and clip in one task on /bands; in
 * pieces, each task is a fraction of that (issue 21: TBT on a phone). Coastlines and borders
 * are the polygons' outlines.
 */
function landOf(topology: Topology): Feature<MultiPolygon>[] {
  const countries = unwrapFeatures(
    feature(topology, topology.objects['countries']!) as FeatureCollection,
  );
  const polygons: Position[][][] = [];
  for (const country of countries.features) {
    const geometry = country.geometry;
    if (geometry?.type === 'Polygon') polygons.push(geometry.coordinates);
    else if (geometry?.type === 'MultiPolygon') polygons.push(...geometry.coordinates);
  }
  const pieces: Feature<MultiPolygon>[] = [];
  for (let i = 0; i < polygons.length; i += POLYGONS_PER_PIECE) {
    pieces.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'MultiPolygon', coordinates: polygons.slice(i, i + POLYGONS_PER_PIECE) },
    });
  }
  return pieces;
}

function markerIcon(marker: MapMarker): L.DivIcon {
  if (marker.kind === 'cluster') {
    const size = marker.count < 10 ? 30 : marker.count < 100 ? 36 : 44;
    return L.divIcon({
      className: 'map-cluster',
      html: `<span aria-hidden="true">${marker.count}</span>`,
      iconSize: [size, size],
    });
  }
  return L.divIcon({
    className: 'map-pin',
    html: '<span class="map-pin__shape" aria-hidden="true"></span>',
    iconSize: [24, 24],
  });
}

function labelOf(marker: MapMarker): string {
  return marker.kind === 'cluster'
    ? `${marker.count} bands here: zoom in`
    : `${marker.point.label} (open its page)`;
}

export function createDirectoryMap(
  container: HTMLElement,
  options: DirectoryMapOptions,
): DirectoryMapEngine {
  const animate = !options.reducedMotion;
  const map = L.map(container, {
    center: [options.center[0], options.center[1]],
    zoom: options.zoom,
    minZoom: 1,
    maxZoom: MAX_ZOOM,
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
    inertia: animate,
    worldCopyJump: false,
    maxBounds: [
      [-90, -270],
      [90, 270],
    ],
    attributionControl: false,
  });
  L.control
    .attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' })
    .addAttribution(BASE_ATTRIBUTION)
    .addTo(map);
  map.createPane('towns').style.zIndex = '450';

  if (options.tiles) {
    L.tileLayer(options.tiles.url, {
      attribution: options.tiles.attribution,
      keepBuffer: TILE_KEEP_BUFFER,
      maxZoom: MAX_ZOOM,
      crossOrigin: false,
    }).addTo(map);
  }

  // The base layer: one canvas for every country, redrawn by Leaflet as the view changes.
  const renderer = L.canvas({ padding: 0.3 });
  const landStyle: L.PathOptions = {
    renderer,
    interactive: false,
    color: '#9d9684',
    weight: 0.7,
    fillColor: '#efeadd',
    // Under operator tiles the countries are only outlines, so the tiles show through.
    fillOpacity: options.tiles ? 0 : 1,
    opacity: options.tiles ? 0.5 : 1,
  };
  let land: L.GeoJSON | null = null;
  let detailed = false;
  let disposed = false;
  const drawCountries = async (topology: Topology, fine: boolean) => {
    if (disposed) return;
    const pieces = landOf(topology);
    const stale = () => disposed || (!fine && drawnFine);
    // Decoding and drawing are separate tasks, and so is each piece of land: none holds the
    // main thread long on a phone. The previous land stays until the new one is complete.
    const next = L.geoJSON(undefined, { style: () => landStyle, interactive: false });
    for (const piece of pieces) {
      await yieldToMain();
      // Gone, or the coarse outline arriving after the fine one was drawn.
      if (stale()) {
        next.remove();
        return;
      }
      if (!map.hasLayer(next)) next.addTo(map);
      next.addData(piece);
    }
    drawnFine ||= fine;
    const first = land === null;
    land?.remove();
    land = next;
    if (first) options.onDrawn?.();
  };
  let drawnFine = false;
  void fetchJson<Topology>(countries110Url).then((topology) => drawCountries(topology, false));
  const loadDetail = () => {
    if (detailed || map.getZoom() < DETAIL_ZOOM) return;
    detailed = true;
    void fetchJson<Topology>(countries50Url).then((topology) => drawCountries(topology, true));
  };

  // Town names: non-interactive labels in their own pane, only the biggest in view.
  let towns: readonly Town[] = [];
  const townLabels = new Map<string, L.Marker>();
  void fetchJson<Town[]>(townsUrl).then((list) => {
    towns = list;
    drawTowns();
  });

  let index: ClusterIndex = clusterPoints([]);
  let searchArea: L.Circle | null = null;
  const markers = new Map<string, L.Marker>();

  function viewBounds(): ViewBounds {
    const b = map.getBounds();
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
  }

  function drawTowns() {
    if (disposed) return;
    const shown = new Set<string>();
    for (const [name, lat, lon] of townsInView(towns, viewBounds(), map.getZoom())) {
      const key = `${name}|${lat}|${lon}`;
      shown.add(key);
      if (townLabels.has(key)) continue;
      const label = L.marker([lat, lon], {
        pane: 'towns',
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'map-town', html: '', iconSize: [0, 0] }),
      });
      label.on('add', () => {
        const el = label.getElement();
        if (el) el.textContent = name;
        el?.setAttribute('aria-hidden', 'true');
      });
      label.addTo(map);
      townLabels.set(key, label);
    }
    for (const [key, label] of townLabels) {
      if (!shown.has(key)) {
        label.remove();
        townLabels.delete(key);
      }
    }
  }

  function select(marker: MapMarker) {
    if (marker.kind === 'cluster') {
      map.setView([marker.lat, marker.lon], Math.min(marker.expansionZoom, MAX_ZOOM), { animate });
    } else {
      options.onSelect(marker.point);
    }
  }

  function drawMarkers() {
    if (disposed) return;
    const shown = new Set<string>();
    for (const marker of index.markersIn(viewBounds(), map.getZoom())) {
      // A cluster's id is only unique at its zoom: key it with its count and place too.
      const key =
        marker.kind === 'cluster' ? `${marker.key}|${marker.count}|${marker.lat}` : marker.key;
      shown.add(key);
      if (markers.has(key)) continue;
      const element = L.marker([marker.lat, marker.lon], {
        icon: markerIcon(marker),
        keyboard: true,
        title: marker.kind === 'point' ? marker.point.label : undefined,
        riseOnHover: true,
        autoPanOnFocus: animate,
      });
      element.on('add', () => {
        const el = element.getElement();
        el?.setAttribute('aria-label', labelOf(marker));
        if (marker.kind === 'point') el?.setAttribute('data-band-id', marker.point.id);
      });
      element.on('click', () => select(marker));
      // A marker is a button (role set by Leaflet): Enter and Space choose it. Leaflet itself
      // only opens popups on Enter.
      element.on('keydown', (event: L.LeafletKeyboardEvent) => {
        const key = event.originalEvent.key;
        if (key !== 'Enter' && key !== ' ') return;
        event.originalEvent.preventDefault();
        select(marker);
      });
      element.addTo(map);
      markers.set(key, element);
    }
    for (const [key, element] of markers) {
      if (!shown.has(key)) {
        element.remove();
        markers.delete(key);
      }
    }
  }

  const redraw = () => {
    loadDetail();
    drawMarkers();
    drawTowns();
  };
  map.on('moveend', redraw);
  // The box changes size with the window (a phone turned): Leaflet must be told.
  const resized = new ResizeObserver(() => map.invalidateSize({ animate: false }));
  resized.observe(container);

  return {
    setPoints(points) {
      index = clusterPoints(points);
      for (const element of markers.values()) element.remove();
      markers.clear();
      drawMarkers();
    },
    setView(center, zoom) {
      searchArea?.remove();
      searchArea = null;
      map.setView([center[0], center[1]], zoom, { animate });
    },
    fitPoints(points) {
      if (points.length === 0) return;
      const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number]));
      map.fitBounds(bounds, { animate, padding: [24, 24], maxZoom: 6 });
    },
    fitRadius(center, radiusKm) {
      const bounds = L.latLng(center[0], center[1]).toBounds(radiusKm * 2000);
      searchArea?.remove();
      // The searched circle, outlined: what 'within 50 km' covers.
      searchArea = L.circle([center[0], center[1]], {
        radius: radiusKm * 1000,
        renderer,
        interactive: false,
        color: '#14325c',
        weight: 1.5,
        dashArray: '6 6',
        fill: false,
      }).addTo(map);
      map.fitBounds(bounds, { animate, maxZoom: 12 });
    },
    dispose() {
      disposed = true;
      resized.disconnect();
      map.off('moveend', redraw);
      map.remove();
      markers.clear();
      townLabels.clear();
    },
  };
}
