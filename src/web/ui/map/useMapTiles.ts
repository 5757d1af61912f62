import { useEffect, useState } from 'react';
import { loadPublicConfig } from '../../lib/publicConfig.ts';
import type { MapTiles } from './mapPoint.ts';

export type LoadMapTiles = () => Promise<MapTiles | null>;

const fromPublicConfig: LoadMapTiles = () =>
  loadPublicConfig().then(({ map }) =>
    map?.tileUrl && map.tileAttribution
      ? { url: map.tileUrl, attribution: map.tileAttribution }
      : null,
  );

/**
 * The operator's raster tiles (MAP_TILE_URL and MAP_TILE_ATTRIBUTION from /api/config; issue
 * 16 item 2), null for none, undefined while asked. A config that cannot be read means none:
 * the map then draws its own base layer only.
 */
export function useMapTiles(load: LoadMapTiles = fromPublicConfig): MapTiles | null | undefined {
  const [tiles, setTiles] = useState<MapTiles | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setTiles(value),
      () => live && setTiles(null),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return tiles;
}
