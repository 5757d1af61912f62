/** What the directory map shows (issue 16 item 2): one point per band or tutor. */
export interface MapPoint {
  readonly id: string;
  readonly lat: number;
  readonly lon: number;
  /** The accessible name of its marker (the band's name). */
  readonly label: string;
  /** Where selecting it leads (the band's page). */
  readonly href: string;
}

/** Raster tiles the operator configured (MAP_TILE_URL and its attribution), or none. */
export interface MapTiles {
  readonly url: string;
  readonly attribution: string;
}

/** West, south, east, north in degrees, as the map's view gives them (may pass ±180). */
export type ViewBounds = readonly [west: number, south: number, east: number, north: number];
