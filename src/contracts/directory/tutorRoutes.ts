/**
 * The tutor directory's API (issue 16 item 5). A signed-in user becomes a tutor from their
 * profile (one listing per account); the listing waits for moderation like a band's. Pupils
 * contact a tutor through the Send Email relay with recipientId `tutor:{tutorId}`: the tutor's
 * account address never leaves the server.
 */
import { z } from 'zod';
import { defineRoute, noInput } from '../api/apiRoute.ts';
import { DIRECTORY_LIMITS as L, TUTOR_LEVELS, directoryMessages as m } from './directoryTerms.ts';
import {
  listingStatusSchema,
  nearQuery,
  optionalUrl,
  placeIdSchema,
  placeSchema,
  text,
} from './directorySchemas.ts';

const uuid = z.uuid();
export const tutorLevelSchema = z.enum(TUTOR_LEVELS);

export const tutorSchema = z.object({
  id: uuid,
  displayName: z.string(),
  /** The town (tutors are never shown more exactly than their town). */
  place: placeSchema,
  inPerson: z.boolean(),
  online: z.boolean(),
  levels: z.array(tutorLevelSchema),
  qualifications: z.string(),
  languages: z.array(z.string()),
  fee: z.object({ min: z.number(), max: z.number(), currency: z.string() }).nullable(),
  description: z.string(),
  website: z.string().nullable(),
  distanceKm: z.number().nullable(),
  /** Present for the tutor and administrators only. */
  manage: z
    .object({
      status: listingStatusSchema,
      statusReason: z.string().nullable(),
      confirmedAt: z.string(),
      listed: z.boolean(),
    })
    .nullable(),
});
export type Tutor = z.infer<typeof tutorSchema>;

export const tutorInputSchema = z
  .object({
    displayName: text(L.nameMax, 'The name').min(1, m.tutorNameRequired),
    placeId: placeIdSchema,
    inPerson: z.boolean(),
    online: z.boolean(),
    levels: z.array(tutorLevelSchema).min(1, m.tutorLevels).max(TUTOR_LEVELS.length),
    qualifications: text(L.textMax * 2, 'Qualifications').default(''),
    languages: z.array(text(40, 'A language').min(1)).max(L.languagesMax).default(['English']),
    feeMin: z.number().int().min(0).max(100_000).nullable().optional(),
    feeMax: z.number().int().min(0).max(100_000).nullable().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable()
      .optional(),
    description: text(L.descriptionMax, 'The description').default(''),
    website: optionalUrl,
  })
  .refine((t) => t.inPerson || t.online, { message: m.tutorFormat, path: ['online'] })
  .refine((t) => t.feeMin == null || t.feeMax == null || t.feeMin <= t.feeMax, {
    message: m.feeRange,
    path: ['feeMax'],
  });
export type TutorInput = z.input<typeof tutorInputSchema>;

export const tutorRoutes = {
  search: defineRoute({
    method: 'GET',
    pattern: '/api/tutors',
    summary: 'Public tutors near a point (nearest first), online tutors, filters',
    auth: 'public',
    envelope: 'data',
    params: noInput,
    query: z.object({
      ...nearQuery,
      format: z.enum(['any', 'in-person', 'online']).default('any'),
      level: tutorLevelSchema.optional(),
      language: z.string().trim().max(40).optional(),
      limit: z.coerce.number().int().min(1).max(L.searchMax).default(50),
    }),
    body: noInput,
    response: z.object({ tutors: z.array(tutorSchema), total: z.number().int() }),
  }),
  get: defineRoute({
    method: 'GET',
    pattern: '/api/tutors/:tutorId',
    summary: 'One tutor listing',
    auth: 'public',
    envelope: 'data',
    params: z.object({ tutorId: uuid }),
    query: z.object({}),
    body: noInput,
    response: tutorSchema,
  }),
  mine: defineRoute({
    method: 'GET',
    pattern: '/api/me/tutor',
    summary: 'The caller’s tutor listing, or null',
    auth: 'user',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: noInput,
    response: z.object({ tutor: tutorSchema.nullable() }),
  }),
  save: defineRoute({
    method: 'PUT',
    pattern: '/api/me/tutor',
    summary:
      'Create or edit the caller’s tutor listing (a new or changed one waits for moderation)',
    auth: 'user',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: tutorInputSchema,
    response: z.object({ tutor: tutorSchema }),
  }),
  confirm: defineRoute({
    method: 'POST',
    pattern: '/api/me/tutor/confirm',
    summary: 'Confirm the tutor listing is still right',
    auth: 'user',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: noInput,
    response: z.object({ tutor: tutorSchema }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    pattern: '/api/me/tutor',
    summary: 'Delete the caller’s tutor listing',
    auth: 'user',
    envelope: 'data',
    params: noInput,
    query: z.object({}),
    body: noInput,
    response: z.object({ deleted: z.literal(true) }),
  }),
} as const;
