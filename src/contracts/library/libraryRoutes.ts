/**
 * The tune library's API (issue 15 items 2, 3, 5, 6), defined once for the server
 * (src/server/routes/library.ts) and the library screens (callApi). Curation (item 8) and
 * playlists (item 7) have their own route files beside this one.
 */
import { z } from 'zod';
import { pitches, type Pitch } from '../../music/notes.ts';
import { defineRoute } from '../api/apiRoute.ts';
import { lazySchema } from '../lazySchema.ts';
import {
  LIBRARY_LIMITS as L,
  LICENCES,
  PUBLIC_LICENCES,
  REPORT_KINDS,
  TIME_SIGNATURES,
  TUNE_TYPES,
  VISIBILITIES,
  libraryMessages,
} from './libraryTerms.ts';
import { isStorableText, unstorableMessage } from '../storableText.ts';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'This field is too long.')
    .refine(isStorableText, unstorableMessage('This field'));
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((value) => (value ? value : null));

export const tuneTypeSchema = lazySchema(() =>
  z.enum(TUNE_TYPES, { message: libraryMessages.typeRequired }),
);
export const timeSignatureSchema = lazySchema(() => z.enum(TIME_SIGNATURES));
export const licenceSchema = lazySchema(() =>
  z.enum(LICENCES, { message: libraryMessages.licenceRequired }),
);
export const visibilitySchema = lazySchema(() => z.enum(VISIBILITIES));
export const pitchSchema = lazySchema(() => z.enum(pitches as unknown as [Pitch, ...Pitch[]]));
const uuid = lazySchema(() => z.uuid());
const slug = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a tune address'),
);

/** A tune as lists show it. */
export const tuneSummarySchema = lazySchema(() =>
  z.object({
    id: uuid,
    slug: z.string(),
    title: z.string(),
    aliases: z.array(z.string()),
    type: tuneTypeSchema,
    timeSignature: z.string(),
    composer: z.string(),
    composerDates: z.string().nullable(),
    featured: z.boolean(),
    /** Public settings (plus the caller's own). */
    settingCount: z.number().int(),
    /** For the small preview: BWW of the best setting's first staff line (≤ 2,000 chars). */
    previewBww: z.string().nullable(),
  }),
);
export type TuneSummary = z.infer<typeof tuneSummarySchema>;

/** One setting as the tune page shows it. */
export const settingViewSchema = lazySchema(() =>
  z.object({
    id: uuid,
    tuneId: uuid,
    bww: z.string(),
    arranger: z.string().nullable(),
    source: z.string().nullable(),
    licence: licenceSchema,
    attribution: z.string().nullable(),
    visibility: visibilitySchema,
    /** Built-in tunes of this project (seeded, public domain). */
    builtin: z.boolean(),
    /** The uploader's display name (initials or name), never an email; null for built-ins. */
    uploaderName: z.string().nullable(),
    /** The caller uploaded it (may edit and delete it). */
    mine: z.boolean(),
    rejectReason: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type SettingView = z.infer<typeof settingViewSchema>;

export const tunePageSchema = lazySchema(() =>
  z.object({
    tune: tuneSummarySchema.extend({ notes: z.string().nullable() }),
    settings: z.array(settingViewSchema),
    /** Set when the slug asked for was merged into another tune: go there (item 8). */
    redirectTo: z.string().nullable(),
  }),
);
export type TunePage = z.infer<typeof tunePageSchema>;

export const searchQuerySchema = lazySchema(() =>
  z.object({
    /** Title or alias, typos forgiven (trigram similarity). */
    q: text(L.title).optional(),
    type: tuneTypeSchema.optional(),
    time: timeSignatureSchema.optional(),
    composer: text(L.composer).optional(),
    featured: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    limit: z.coerce.number().int().min(1).max(L.pageSize).default(20),
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
  }),
);

export const searchAnswerSchema = lazySchema(() =>
  z.object({
    tunes: z.array(tuneSummarySchema),
    total: z.number().int(),
  }),
);

const fileTextSchema = lazySchema(() =>
  z
    .string()
    .min(1, libraryMessages.fileRequired)
    .max(L.fileChars, libraryMessages.fileTooLarge)
    .refine(isStorableText, unstorableMessage('The file')),
);

/** What a piper fills in with a file (item 3). */
export const uploadBodySchema = lazySchema(() =>
  z
    .object({
      format: z.enum(['bww', 'musicxml']),
      /** The file's text; a multi-tune BWW file: `tuneIndex` picks one. */
      text: fileTextSchema,
      tuneIndex: z.number().int().min(0).max(200).default(0),
      /** Add as a new setting of this tune instead of a new tune. */
      tuneId: uuid.optional(),
      title: text(L.title).min(1, libraryMessages.titleRequired),
      aliases: z.array(text(L.alias).min(1)).max(L.aliases).default([]),
      type: tuneTypeSchema,
      timeSignature: timeSignatureSchema,
      composer: text(L.composer).default('Traditional'),
      composerDates: optionalText(L.composerDates),
      notes: optionalText(L.notes),
      arranger: optionalText(L.arranger),
      source: optionalText(L.source),
      licence: licenceSchema,
      attribution: optionalText(L.attribution),
      /** 'public' asks for review (becomes 'pending'); private by default. */
      share: z.boolean().default(false),
    })
    .superRefine((value, context) => {
      if (value.share && !PUBLIC_LICENCES.includes(value.licence)) {
        context.addIssue({
          code: 'custom',
          path: ['licence'],
          message: libraryMessages.publicNeedsLicence,
        });
      }
      if (value.licence === 'cc-by' && !value.attribution) {
        context.addIssue({
          code: 'custom',
          path: ['attribution'],
          message: libraryMessages.attributionRequired,
        });
      }
    }),
);
export type UploadBody = z.input<typeof uploadBodySchema>;

/** Before saving: what the file holds and which library tunes it may already be. */
export const uploadCheckBodySchema = lazySchema(() =>
  z.object({
    format: z.enum(['bww', 'musicxml']),
    text: fileTextSchema,
    title: text(L.title).optional(),
    aliases: z.array(text(L.alias)).max(L.aliases).default([]),
  }),
);

export const duplicateCandidateSchema = lazySchema(() =>
  z.object({
    tune: tuneSummarySchema,
    /** 'title': same title or alias; 'melody': ≥ 90% melodic similarity. */
    reason: z.enum(['title', 'melody']),
    /** 0–1, melodic similarity to the closest setting. */
    similarity: z.number(),
  }),
);

export const uploadCheckAnswerSchema = lazySchema(() =>
  z.object({
    /** The tunes in the file (a BWW file may hold several), as read. */
    tunes: z.array(
      z.object({
        title: z.string(),
        composer: z.string().nullable(),
        type: z.string().nullable(),
        timeSignature: z.string().nullable(),
        bars: z.number().int(),
      }),
    ),
    /** Reader warnings ('bar 12: unknown token …'), at most 50. */
    warnings: z.array(z.string()),
    duplicates: z.array(duplicateCandidateSchema),
  }),
);

export const uploadAnswerSchema = lazySchema(() =>
  z.object({
    tune: tuneSummarySchema,
    setting: settingViewSchema,
  }),
);

/**
 * A PATCH field: absent stays undefined (unchanged), '' or null clears it. (optionalText turns
 * an absent field into null, which in a patch would clear what the caller did not send.)
 */
const patchText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

export const settingPatchSchema = lazySchema(() =>
  z
    .object({
      arranger: patchText(L.arranger),
      source: patchText(L.source),
      licence: licenceSchema.optional(),
      attribution: patchText(L.attribution),
      /** true asks for review; false makes it private again. */
      share: z.boolean().optional(),
      bww: fileTextSchema.optional(),
    })
    .strict(),
);

export const reportBodySchema = lazySchema(() =>
  z.object({
    kind: z.enum(REPORT_KINDS),
    message: text(L.reportMessage).min(1, 'Please say what is wrong.'),
  }),
);

export const findBodySchema = lazySchema(() =>
  z.object({
    pitches: z
      .array(pitchSchema)
      .min(L.findMinNotes, libraryMessages.findTooShort)
      .max(L.findMaxNotes),
    limit: z.number().int().min(1).max(20).default(10),
  }),
);

export const findAnswerSchema = lazySchema(() =>
  z.object({
    results: z.array(
      z.object({
        tune: tuneSummarySchema,
        settingId: uuid,
        /** Higher is better; 1 is an exact match of every note. */
        score: z.number(),
        /** Where in the setting the fragment starts (1-based bar). */
        bar: z.number().int(),
      }),
    ),
  }),
);

const idParams = lazySchema(() => z.object({ settingId: uuid }));

export const libraryRoutes = {
  search: defineRoute({
    method: 'GET',
    pattern: '/api/library/tunes',
    summary: 'Search public tunes by title/alias (typos forgiven), type, time, composer',
    query: searchQuerySchema,
    response: searchAnswerSchema,
  }),
  tune: defineRoute({
    method: 'GET',
    pattern: '/api/library/tunes/:slug',
    summary: "A tune's page: metadata and the settings the caller may see",
    params: lazySchema(() => z.object({ slug })),
    response: tunePageSchema,
  }),
  mine: defineRoute({
    method: 'GET',
    pattern: '/api/library/mine',
    summary: "The caller's uploaded settings with their review state",
    auth: 'user',
    response: lazySchema(() =>
      z.object({
        settings: z.array(settingViewSchema.extend({ tune: tuneSummarySchema })),
      }),
    ),
  }),
  checkUpload: defineRoute({
    method: 'POST',
    pattern: '/api/library/uploads/check',
    summary: 'Read a BWW/MusicXML file and list library tunes it may already be',
    auth: 'user',
    body: uploadCheckBodySchema,
    response: uploadCheckAnswerSchema,
  }),
  upload: defineRoute({
    method: 'POST',
    pattern: '/api/library/uploads',
    summary: 'Save a setting (private, or pending review when shared under an open licence)',
    auth: 'user',
    body: uploadBodySchema,
    response: uploadAnswerSchema,
  }),
  updateSetting: defineRoute({
    method: 'PATCH',
    pattern: '/api/library/settings/:settingId',
    summary: 'Owner: change a setting (sharing again asks for review)',
    auth: 'user',
    params: idParams,
    body: settingPatchSchema,
    response: settingViewSchema,
  }),
  deleteSetting: defineRoute({
    method: 'DELETE',
    pattern: '/api/library/settings/:settingId',
    summary: 'Owner: delete a setting (its tune goes when it has no settings left)',
    auth: 'user',
    params: idParams,
    response: lazySchema(() => z.object({ deleted: z.literal(true) })),
  }),
  report: defineRoute({
    method: 'POST',
    pattern: '/api/library/settings/:settingId/reports',
    summary: 'Anyone: report a setting (a copyright report hides it pending review)',
    params: idParams,
    body: reportBodySchema,
    response: lazySchema(() => z.object({ received: z.literal(true) })),
  }),
  find: defineRoute({
    method: 'POST',
    pattern: '/api/library/find',
    summary: 'Find tunes containing a played melody (≥ 8 notes; wrong/missing notes forgiven)',
    body: findBodySchema,
    response: findAnswerSchema,
  }),
} as const;
