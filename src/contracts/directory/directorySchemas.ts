/**
 * Field schemas the band and tutor routes share (issue 16): text with the spec's messages, web
 * addresses, places from the gazetteer, practice times. Every field is checked on the server with
 * these; the forms show the same messages.
 */
import { z } from 'zod';
import { isStorableText, unstorableMessage } from '../storableText.ts';
import { looksLikeEmail } from '../forms.ts';
import {
  DIRECTORY_LIMITS as L,
  LISTING_KINDS,
  LISTING_STATUSES,
  WEEKDAYS,
  directoryMessages as m,
} from './directoryTerms.ts';

export const text = (max: number, label = 'This field') =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long.`)
    .refine(isStorableText, unstorableMessage(label));

/** Optional text: '' and absent both mean none (null). */
export const optionalText = (max: number, label?: string) =>
  text(max, label)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const urlSchema = z
  .string()
  .trim()
  .max(L.urlMax, m.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, m.urlInvalid);

export const optionalUrl = z
  .union([z.literal(''), urlSchema])
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

export const emailSchema = z
  .string({ error: m.contactRequired })
  .trim()
  .min(1, m.contactRequired)
  .max(320, m.contactInvalid)
  .refine(looksLikeEmail, m.contactInvalid);

/** A gazetteer place id (GeoNames): the server looks the town up, never trusts a name sent. */
export const placeIdSchema = z
  .number({ error: m.placeRequired })
  .int(m.placeRequired)
  .positive(m.placeRequired);

export const latSchema = z.number().min(-90).max(90);
export const lonSchema = z.number().min(-180).max(180);

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.practiceTime);
export const practiceSchema = z
  .object({ day: z.enum(WEEKDAYS), start: clock, end: clock })
  .refine((p) => p.end > p.start, { message: m.practiceTime, path: ['end'] });
export type Practice = z.infer<typeof practiceSchema>;

export const listingKindSchema = z.enum(LISTING_KINDS);
export const listingStatusSchema = z.enum(LISTING_STATUSES);

/** A place as listings show it (the town, not the venue). */
export const placeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  region: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

/** Query part for 'near here': both or neither of lat and lon. */
export const nearQuery = {
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
  radiusKm: z.coerce.number().int().min(1).max(20_000).default(L.defaultRadiusKm),
};
