/**
 * How the band services find a town by its gazetteer id (issue 16 item 2: an offline gazetteer,
 * never a name the browser sent). app.ts passes the gazetteer service's lookup; tests may pass
 * their own.
 */
import type { Place } from '../../../contracts/directory/directorySchemas.ts';

export type PlaceLookup = (placeId: number) => Promise<Place | null> | Place | null;
