/**
 * The curators' API (issue 15 item 8; spec §2.1 `/admin-songs`), defined once for the server
 * (src/server/routes/curation.ts) and the Manage Songs screen (callApi). Every route is
 * administrators only: the moderation queue, approve and reject, tune metadata, merging
 * duplicates, featuring, the reports queue and the audit log. Every action is written to the
 * audit log by the server.
 */
import { z } from 'zod';
import { defineRoute } from '../api/apiRoute.ts';
import { isStorableText, unstorableMessage } from '../storableText.ts';
import { LIBRARY_LIMITS as L, REPORT_KINDS, libraryMessages } from './libraryTerms.ts';
import {
  licenceSchema,
  timeSignatureSchema,
  tuneTypeSchema,
  visibilitySchema,
} from './libraryRoutes.ts';

const uuid = z.uuid();
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'This field is too long.')
    .refine(isStorableText, unstorableMessage('This field'));

const page = (max: number, size: number) => ({
  limit: z.coerce.number().int().min(1).max(max).default(size),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const curationMessages = {
  reasonRequired: 'Please say why, for the uploader.',
  notPending: 'This setting is not waiting for review.',
  notPublicLicence: 'Only public-domain, CC0 or CC BY settings can be approved.',
  tuneNotFound: 'This tune is not in the library.',
  settingNotFound: 'This setting is not in the library.',
  reportNotFound: 'This report is not in the library.',
  reportClosed: 'This report was already handled.',
  mergeSelf: 'A tune cannot be merged into itself.',
  mergedAlready: 'This tune was already merged into another.',
  rejectedSubject: 'Your tune was not added to the Chanterlab library',
} as const;

/** A tune as a curator sees it: its metadata and how many settings it has in each state. */
export const curatedTuneSchema = z.object({
  id: uuid,
  slug: z.string(),
  title: z.string(),
  aliases: z.array(z.string()),
  type: tuneTypeSchema,
  timeSignature: z.string(),
  composer: z.string(),
  composerDates: z.string().nullable(),
  notes: z.string().nullable(),
  featured: z.boolean(),
  /** The tune it was merged into (its links redirect there), or null. */
  mergedInto: uuid.nullable(),
  settings: z.object({
    total: z.number().int(),
    public: z.number().int(),
    pending: z.number().int(),
  }),
});
export type CuratedTune = z.infer<typeof curatedTuneSchema>;

/** Who uploaded a setting: administrators see the email (never shown to other users). */
export const uploaderSchema = z
  .object({ id: z.string(), name: z.string(), email: z.string() })
  .nullable();

const tuneRefSchema = z.object({
  id: uuid,
  slug: z.string(),
  title: z.string(),
  type: tuneTypeSchema,
  timeSignature: z.string(),
  composer: z.string(),
});

/** A setting waiting in (or taken from) a curator's queue, with its music. */
export const curatedSettingSchema = z.object({
  id: uuid,
  tune: tuneRefSchema,
  bww: z.string(),
  arranger: z.string().nullable(),
  source: z.string().nullable(),
  licence: licenceSchema,
  attribution: z.string().nullable(),
  visibility: visibilitySchema,
  uploader: uploaderSchema,
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CuratedSetting = z.infer<typeof curatedSettingSchema>;

export const curatedReportSchema = z.object({
  id: uuid,
  kind: z.enum(REPORT_KINDS),
  message: z.string(),
  status: z.enum(['open', 'upheld', 'dismissed']),
  /** The reporter's email for a signed-in reporter; null for an anonymous one. */
  reporter: z.string().nullable(),
  createdAt: z.string(),
  setting: curatedSettingSchema,
});
export type CuratedReport = z.infer<typeof curatedReportSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const settingParams = z.object({ settingId: uuid });
const tuneParams = z.object({ tuneId: uuid });

export const rejectBodySchema = z.object({
  reason: text(L.rejectReason).min(1, curationMessages.reasonRequired),
});

/** Only the fields sent change; `renameSlug` gives the tune the address of its new title. */
export const tuneEditBodySchema = z
  .object({
    title: text(L.title).min(1, libraryMessages.titleRequired).optional(),
    aliases: z.array(text(L.alias).min(1)).max(L.aliases).optional(),
    type: tuneTypeSchema.optional(),
    timeSignature: timeSignatureSchema.optional(),
    composer: text(L.composer).min(1).optional(),
    composerDates: text(L.composerDates).nullable().optional(),
    notes: text(L.notes).nullable().optional(),
    renameSlug: z.boolean().default(false),
  })
  .strict();
export type TuneEditBody = z.input<typeof tuneEditBodySchema>;

export const resolveReportBodySchema = z.object({
  decision: z.enum(['uphold', 'dismiss']),
  /** Why (kept in the audit log; for an upheld report also the uploader's reason). */
  note: text(L.rejectReason).optional(),
});

export const curationRoutes = {
  queue: defineRoute({
    method: 'GET',
    pattern: '/api/admin/library/queue',
    summary: 'Admin: settings waiting for review, oldest first, with their music and uploader',
    auth: 'admin',
    query: z.object(page(L.pageSize, 20)),
    response: z.object({ settings: z.array(curatedSettingSchema), total: z.number().int() }),
  }),
  approve: defineRoute({
    method: 'POST',
    pattern: '/api/admin/library/settings/:settingId/approve',
    summary: 'Admin: make a pending setting public',
    auth: 'admin',
    params: settingParams,
    body: z.object({}),
    response: curatedSettingSchema,
  }),
  reject: defineRoute({
    method: 'POST',
    pattern: '/api/admin/library/settings/:settingId/reject',
    summary: 'Admin: reject a pending setting; the reason is mailed to the uploader',
    auth: 'admin',
    params: settingParams,
    body: rejectBodySchema,
    response: curatedSettingSchema.extend({ mailed: z.boolean() }),
  }),
  tunes: defineRoute({
    method: 'GET',
    pattern: '/api/admin/library/tunes',
    summary: 'Admin: tunes by title or alias (every visibility; merged ones left out)',
    auth: 'admin',
    query: z.object({
      q: text(L.title).optional(),
      featured: z
        .enum(['true', 'false'])
        .optional()
        .transform((value) => value === 'true'),
      ...page(L.pageSize, 20),
    }),
    response: z.object({ tunes: z.array(curatedTuneSchema), total: z.number().int() }),
  }),
  editTune: defineRoute({
    method: 'PATCH',
    pattern: '/api/admin/library/tunes/:tuneId',
    summary: "Admin: change a tune's title, aliases, type, time, composer, dates or notes",
    auth: 'admin',
    params: tuneParams,
    body: tuneEditBodySchema,
    response: curatedTuneSchema,
  }),
  mergeTune: defineRoute({
    method: 'POST',
    pattern: '/api/admin/library/tunes/:tuneId/merge',
    summary: 'Admin: move a duplicate tune’s settings under another; its old link redirects',
    auth: 'admin',
    params: tuneParams,
    body: z.object({ into: uuid }),
    response: z.object({ tune: curatedTuneSchema, moved: z.number().int() }),
  }),
  featureTune: defineRoute({
    method: 'POST',
    pattern: '/api/admin/library/tunes/:tuneId/feature',
    summary: 'Admin: feature a tune on the library page, or stop featuring it',
    auth: 'admin',
    params: tuneParams,
    body: z.object({ featured: z.boolean() }),
    response: curatedTuneSchema,
  }),
  reports: defineRoute({
    method: 'GET',
    pattern: '/api/admin/library/reports',
    summary: 'Admin: reports on settings (open ones by default), oldest first',
    auth: 'admin',
    query: z.object({
      status: z.enum(['open', 'upheld', 'dismissed']).default('open'),
      ...page(L.pageSize, 20),
    }),
    response: z.object({ reports: z.array(curatedReportSchema), total: z.number().int() }),
  }),
  resolveReport: defineRoute({
    method: 'POST',
    pattern: '/api/admin/library/reports/:reportId/resolve',
    summary: 'Admin: uphold a report (the setting is taken down) or dismiss it (restored)',
    auth: 'admin',
    params: z.object({ reportId: uuid }),
    body: resolveReportBodySchema,
    response: curatedReportSchema,
  }),
  audit: defineRoute({
    method: 'GET',
    pattern: '/api/admin/library/audit',
    summary: 'Admin: who did what in curation, newest first',
    auth: 'admin',
    query: z.object(page(100, 50)),
    response: z.object({ entries: z.array(auditEntrySchema), total: z.number().int() }),
  }),
} as const;
