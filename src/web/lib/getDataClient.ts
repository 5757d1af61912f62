/**
 * The app's shared data client, built once from the server's public configuration
 * (publicConfig.ts). Screens reach it through hooks, never by building their own.
 */
import { createDataClient, type DataClient } from './dataClient.ts';
import { loadPublicConfig } from './publicConfig.ts';

let shared: Promise<DataClient> | undefined;

/** Rejects only when /api/config cannot be loaded; a later call then tries again. */
export function getDataClient(): Promise<DataClient> {
  if (!shared) {
    const building = loadPublicConfig().then((config) => createDataClient({ config }));
    shared = building;
    building.catch(() => {
      if (shared === building) shared = undefined;
    });
  }
  return shared;
}
