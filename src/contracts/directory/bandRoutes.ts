/**
 * The band finder's API (issue 16 items 1–4), defined once for the server and the band screens.
 * No answer here carries a band's contact address (item 1): 'Contact this band' goes through the
 * Send Email relay with recipientId `band:{bandId}` and the server looks the address up.
 * Locations: a band that has not chosen `exactLocation` is answered with its venue rounded to
 * DIRECTORY_LIMITS.roundDegrees (≈ 1 km) — rounded on the server, never in the browser.
 */
import { z } from 'zod';
import { defineRoute, noInput } from '../api/apiRoute.ts';
import {
  BAND_GRADES,
  DIRECTORY_LIMITS as L,
  RECRUITING,
  WEEKDAYS,
  directoryMessages as m,
} from './directoryTerms.ts';
import {
  emailSchema,
  latSchema,
  listingStatusSchema,
  lonSchema,
  nearQuery,
  optionalText,
  optionalUrl,
  placeIdSchema,
  placeSchema,
  practiceSchema,
  text,
  urlSchema,
} from './directorySchemas.ts';

const uuid = z.uuid();
const bandParams = z.object({ bandId: uuid });
const csv = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.enum(values), z.array(z.enum(values))])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const bandGradeSchema = z.enum(BAND_GRADES, { message: m.gradeRequired });
export const recruitingSchema = z.enum(RECRUITING);

/** What the finder's list and markers show. */
export const bandSummarySchema = z.object({
  id: uuid,
  name: z.string(),
  grade: bandGradeSchema,
  town: z.string(),
  country: z.string(),
  /** The venue, rounded unless the band shows it exactly. */
  lat: z.number(),
  lon: z.number(),
  exactLocation: z.boolean(),
  recruiting: z.array(recruitingSchema),
  learnerProgramme: z.boolean(),
  practiceDays: z.array(z.enum(WEEKDAYS)),
  /** From the search point, when one was given. */
  distanceKm: z.number().nullable(),
  logoUrl: z.string().nullable(),
});
export type BandSummary = z.infer<typeof bandSummarySchema>;

/** The public band page. */
export const bandSchema = bandSummarySchema.extend({
  association: z.string().nullable(),
  branch: z.string().nullable(),
  place: placeSchema,
  /** The venue's name/address as the band wrote it (shown only with exactLocation). */
  venue: z.string().nullable(),
  practice: z.array(practiceSchema),
  loanerInstruments: z.boolean(),
  uniforms: z.boolean(),
  website: z.string().nullable(),
  socials: z.array(z.string()),
  description: z.string(),
  tunes: z.array(z.object({ id: uuid, slug: z.string(), title: z.string() })),
  /** Present for the band's managers and administrators only. */
  manage: z
    .object({
      status: listingStatusSchema,
      statusReason: z.string().nullable(),
      confirmedAt: z.string(),
      /** Listed now: public and confirmed within CONFIRM_AFTER_DAYS. */
      listed: z.boolean(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type Band = z.infer<typeof bandSchema>;

/** Registration and edit (the edit sends the fields it changes; contactEmail optional there). */
export const bandInputSchema = z.object({
  name: text(L.nameMax, 'The name').min(1, m.nameRequired),
  grade: bandGradeSchema,
  association: optionalText(L.textMax, 'The association'),
  branch: optionalText(L.textMax, 'The branch'),
  placeId: placeIdSchema,
  venue: text(L.textMax, 'The venue').min(1, m.venueRequired),
  venueLat: latSchema.nullable().optional(),
  venueLon: lonSchema.nullable().optional(),
  exactLocation: z.boolean().default(false),
  practice: z.array(practiceSchema).max(L.practiceMax).default([]),
  recruiting: z.array(recruitingSchema).max(RECRUITING.length).default([]),
  learnerProgramme: z.boolean().default(false),
  loanerInstruments: z.boolean().default(false),
  uniforms: z.boolean().default(false),
  website: optionalUrl,
  socials: z.array(urlSchema).max(L.socialMax).default([]),
  description: text(L.descriptionMax, 'The description').default(''),
  contactEmail: emailSchema,
  /** Library tune ids, in the band's order. */
  tuneIds: z.array(uuid).max(L.tunesMax).default([]),
});
export type BandInput = z.input<typeof bandInputSchema>;
/**
 * The edit: only the fields sent. The defaults are taken off first — `.partial()` keeps them,
 * so an edit of the name alone would otherwise reset the practice nights, recruiting and tunes.
 */
const s = bandInputSchema.shape;
export const bandUpdateSchema = bandInputSchema
  .extend({
    exactLocation: s.exactLocation.unwrap(),
    practice: s.practice.unwrap(),
    recruiting: s.recruiting.unwrap(),
    learnerProgramme: s.learnerProgramme.unwrap(),
    loanerInstruments: s.loanerInstruments.unwrap(),
    uniforms: s.uniforms.unwrap(),
    socials: s.socials.unwrap(),
    description: s.description.unwrap(),
    tuneIds: s.tuneIds.unwrap(),
  })
  .partial()
  .strict();
export type BandUpdate = z.input<typeof bandUpdateSchema>;

/** A band as its managers see it on /band-profile (still never the contact address). */
export const managedBandSchema = z.object({
  band: bandSchema,
  managers: z.array(
    z.object({ userId: z.string(), name: z.string(), role: z.enum(['owner', 'manager']) }),
  ),
  invites: z.array(z.object({ id: uuid, email: z.string(), expiresAt: z.string() })),
  /** Whether a contact address is stored (it always is; the address itself is never sent). */
  hasContact: z.boolean(),
});
export type ManagedBand = z.infer<typeof managedBandSchema>;

export const bandRoutes = {
  search: defineRoute({
    method: 'GET',
    pattern: '/api/bands',
    summary: 'Public bands near a point (nearest first) or by name, with filters',
    auth: 'public',
    envelope: 'data',
    params: noInput,
    query: z.object({
      ...nearQuery,
      q: z.string().trim().max(100).optional(),
      grade: csv(BAND_GRADES),
      recruiting: csv(RECRUITING),
      learners: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => v === 'true'),
      night: csv(WEEKDAYS),
      limit: z.coerce.number().int().min(1).max(L.searchMax).default(50),
    }),
    body: noInput,
    response: z.object({ bands: z.array(bandSummarySchema), total: z.number().int() }),
  }),
  markers: defineRoute({
    method: 'GET',
    pattern: '/api/bands/markers',
    summary: 'Every public band as [id, lat, lon, name] for the map (rounded places)',
    auth: 'public',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: noInput,
    // The name rides along so every marker has an accessible label without a second request.
    response: z.object({
      markers: z.array(z.tuple([uuid, z.number(), z.number(), z.string()])),
    }),
  }),
  get: defineRoute({
    method: 'GET',
    pattern: '/api/bands/:bandId',
    summary: 'A band’s page (hidden and pending bands: managers and administrators only)',
    auth: 'public',
    envelope: 'data',
    params: bandParams,
    query: z.object({}),
    body: noInput,
    response: bandSchema,
  }),
  mine: defineRoute({
    method: 'GET',
    pattern: '/api/me/bands',
    summary: 'The bands the caller manages, with managers and open invitations',
    auth: 'user',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: noInput,
    response: z.object({ bands: z.array(managedBandSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    pattern: '/api/bands',
    summary: 'Register a band (waits for moderation)',
    auth: 'user',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: bandInputSchema,
    response: managedBandSchema,
  }),
  update: defineRoute({
    method: 'PATCH',
    pattern: '/api/bands/:bandId',
    summary: 'Edit a band (its managers)',
    auth: 'user',
    envelope: 'data',
    params: bandParams,
    query: z.object({}),
    body: bandUpdateSchema,
    response: managedBandSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    pattern: '/api/bands/:bandId',
    summary: 'Delete a band (its owner)',
    auth: 'user',
    envelope: 'data',
    params: bandParams,
    query: z.object({}),
    body: noInput,
    response: z.object({ deleted: z.literal(true) }),
  }),
  confirm: defineRoute({
    method: 'POST',
    pattern: '/api/bands/:bandId/confirm',
    summary: 'Confirm a listing is still right (listings unconfirmed for 12 months are hidden)',
    auth: 'user',
    envelope: 'data',
    params: bandParams,
    query: z.object({}),
    body: noInput,
    response: managedBandSchema,
  }),
  uploadLogo: defineRoute({
    method: 'PUT',
    pattern: '/api/bands/:bandId/logo',
    summary: 'Replace the logo (PNG, JPEG or WebP ≤ 2 MB; re-encoded to a 256 px WebP)',
    auth: 'user',
    envelope: 'data',
    params: bandParams,
    query: z.object({}),
    /** The image travels base64-encoded in JSON so every write goes through one body parser. */
    body: z.object({ mime: z.string().max(50), base64: z.string().max(3_000_000) }),
    response: z.object({ logoUrl: z.string() }),
  }),
  removeLogo: defineRoute({
    method: 'DELETE',
    pattern: '/api/bands/:bandId/logo',
    summary: 'Remove the logo',
    auth: 'user',
    envelope: 'data',
    params: bandParams,
    query: z.object({}),
    body: noInput,
    response: z.object({ removed: z.literal(true) }),
  }),
  invite: defineRoute({
    method: 'POST',
    pattern: '/api/bands/:bandId/invites',
    summary: 'Invite a co-manager by email (a link valid for 7 days)',
    auth: 'user',
    envelope: 'data',
    params: bandParams,
    query: z.object({}),
    body: z.object({ email: emailSchema }),
    response: managedBandSchema,
  }),
  cancelInvite: defineRoute({
    method: 'DELETE',
    pattern: '/api/bands/:bandId/invites/:inviteId',
    summary: 'Withdraw an invitation',
    auth: 'user',
    envelope: 'data',
    params: z.object({ bandId: uuid, inviteId: uuid }),
    query: z.object({}),
    body: noInput,
    response: managedBandSchema,
  }),
  acceptInvite: defineRoute({
    method: 'POST',
    pattern: '/api/band-invites/accept',
    summary: 'Accept a co-manager invitation (signed in with the invited address)',
    auth: 'user',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: z.object({ token: z.string().min(16).max(200) }),
    response: managedBandSchema,
  }),
  removeManager: defineRoute({
    method: 'DELETE',
    pattern: '/api/bands/:bandId/managers/:userId',
    summary: 'Remove a co-manager (the owner), or step down yourself',
    auth: 'user',
    envelope: 'data',
    params: z.object({ bandId: uuid, userId: z.string().min(1).max(100) }),
    query: z.object({}),
    body: noInput,
    response: z.object({ removed: z.literal(true) }),
  }),
} as const;

/** Not under /api: the page's calendar file and logo image are plain resources. */
export const BAND_CALENDAR_PATTERN = '/band/:bandId/practice.ics';
export const BAND_LOGO_PATTERN = '/band/:bandId/logo.webp';
