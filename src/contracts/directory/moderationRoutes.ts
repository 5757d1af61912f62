/**
 * Reports and moderation of band and tutor listings (issue 16 item 7). Anyone may report a
 * listing (rate-limited, the address only hashed); administrators see pending listings and open
 * reports, approve, reject with a reason mailed to the registrant, hide and restore, and read the
 * audit log — on a page beside the other admin pages.
 */
import { z } from 'zod';
import { defineRoute, noInput } from '../api/apiRoute.ts';
import {
  DIRECTORY_LIMITS as L,
  LISTING_REPORT_REASONS,
  directoryMessages as m,
} from './directoryTerms.ts';
import { listingKindSchema, listingStatusSchema, text } from './directorySchemas.ts';

const uuid = z.uuid();
const listingParams = z.object({ kind: listingKindSchema, listingId: uuid });

export const moderationItemSchema = z.object({
  kind: listingKindSchema,
  id: uuid,
  name: z.string(),
  town: z.string(),
  country: z.string(),
  status: listingStatusSchema,
  statusReason: z.string().nullable(),
  /** The registrant's account name (never their address). */
  registrant: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A public listing changed by its managers since a moderator's last decision. */
  editedAt: z.string().nullable(),
  openReports: z.number().int(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const listingReportSchema = z.object({
  id: uuid,
  kind: listingKindSchema,
  listingId: uuid,
  listingName: z.string(),
  reason: z.enum(LISTING_REPORT_REASONS),
  message: z.string(),
  createdAt: z.string(),
});

export const directoryAuditSchema = z.object({
  id: uuid,
  action: z.string(),
  kind: listingKindSchema,
  listingId: uuid,
  listingName: z.string().nullable(),
  actor: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});

export const moderationRoutes = {
  report: defineRoute({
    method: 'POST',
    pattern: '/api/listings/:kind/:listingId/reports',
    summary: 'Report a band or tutor listing (anyone; rate-limited)',
    auth: 'public',
    envelope: 'data',
    params: listingParams,
    query: z.object({}),
    body: z.object({
      reason: z.enum(LISTING_REPORT_REASONS),
      message: text(L.reasonMax, 'The message').default(''),
    }),
    response: z.object({ message: z.literal(m.reportThanks) }),
  }),
  queue: defineRoute({
    method: 'GET',
    pattern: '/api/admin/listings',
    summary: 'Pending, reported, edited-since-approval and hidden listings (administrators)',
    auth: 'admin',
    envelope: 'data',
    params: noInput,
    query: z.object({
      status: z
        .enum(['pending', 'reported', 'edited', 'hidden', 'rejected', 'public'])
        .default('pending'),
    }),
    body: noInput,
    response: z.object({
      items: z.array(moderationItemSchema),
      reports: z.array(listingReportSchema),
    }),
  }),
  decide: defineRoute({
    method: 'POST',
    pattern: '/api/admin/listings/:kind/:listingId/decision',
    summary: 'Approve, reject (reason mailed), hide or restore a listing (administrators)',
    auth: 'admin',
    envelope: 'data',
    params: listingParams,
    query: z.object({}),
    body: z.discriminatedUnion('action', [
      z.object({ action: z.literal('approve') }),
      z.object({
        action: z.literal('reject'),
        reason: text(L.reasonMax, 'The reason').min(1, m.rejectReasonRequired),
      }),
      z.object({ action: z.literal('hide'), reason: text(L.reasonMax, 'The reason').default('') }),
      z.object({ action: z.literal('restore') }),
    ]),
    response: moderationItemSchema,
  }),
  resolveReport: defineRoute({
    method: 'POST',
    pattern: '/api/admin/listing-reports/:reportId/resolve',
    summary: 'Mark a report dealt with (administrators)',
    auth: 'admin',
    envelope: 'data',
    params: z.object({ reportId: uuid }),
    query: z.object({}),
    body: noInput,
    response: z.object({ resolved: z.literal(true) }),
  }),
  audit: defineRoute({
    method: 'GET',
    pattern: '/api/admin/listings/audit',
    summary: 'The directory’s audit log, newest first (administrators)',
    auth: 'admin',
    envelope: 'data',
    params: noInput,
    query: z.object({ before: z.string().max(40).optional() }),
    body: noInput,
    response: z.object({ entries: z.array(directoryAuditSchema) }),
  }),
} as const;
