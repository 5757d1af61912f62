/** The app's shared score service, built on the shared data client (getDataClient.ts). */
import { getDataClient } from './getDataClient.ts';
import { createScoreService, type ScoreService } from './scoreService.ts';

let shared: Promise<ScoreService> | undefined;

/** Rejects only when /api/config cannot be loaded; a later call then tries again. */
export function getScoreService(): Promise<ScoreService> {
  if (!shared) {
    const building = getDataClient().then((client) => createScoreService({ client }));
    shared = building;
    building.catch(() => {
      if (shared === building) shared = undefined;
    });
  }
  return shared;
}
