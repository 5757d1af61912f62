/**
 * The administrators' operations (issue 8 parts 1, 5–7; spec §6), defined once for the server
 * (src/server/routes/adminUsers.ts, forms.ts, monitoring.ts) and the admin screens (issue 15
 * item 1). A signed-in administrator's cookie or the ADMIN_TOKEN bearer; everyone else is
 * refused with 403.
 */
import { z } from 'zod';
import { accountApi, adminUsersQuerySchema, banSchema, setRoleSchema } from '../account.ts';
import { ADMIN_SUBMISSIONS_PATH, adminSubmissionsQuerySchema } from '../forms.ts';
import {
  ADMIN_ANALYTICS_PATH,
  ADMIN_CLIENT_ERRORS_PATH,
  ADMIN_FEEDBACK_PATH,
  adminAnalyticsQuerySchema,
  adminListQuerySchema,
} from '../monitoring.ts';
import { defineRoute } from './apiRoute.ts';

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()).readonly(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
});

const userParams = z.object({ id: z.string().min(1) });
/** A stored row as the admin tables list it: an id and the columns the screen shows. */
const storedRow = z.looseObject({ id: z.number() });
const page = z.object({ data: z.array(storedRow), count: z.number() });

export const adminRoutes = {
  users: defineRoute({
    method: 'GET',
    pattern: accountApi.adminUsers,
    summary: 'List users, optionally searched by email or name',
    auth: 'admin',
    envelope: 'bare',
    query: adminUsersQuerySchema,
    response: z.object({ users: z.array(adminUserRowSchema), total: z.number() }),
  }),
  ban: defineRoute({
    method: 'POST',
    pattern: `${accountApi.adminUsers}/:id/ban`,
    summary: 'Ban a user (not yourself), with an optional reason',
    auth: 'admin',
    envelope: 'bare',
    params: userParams,
    body: banSchema,
    response: adminUserRowSchema,
  }),
  unban: defineRoute({
    method: 'POST',
    pattern: `${accountApi.adminUsers}/:id/unban`,
    summary: 'Lift a ban',
    auth: 'admin',
    envelope: 'bare',
    params: userParams,
    response: adminUserRowSchema,
  }),
  setRole: defineRoute({
    method: 'POST',
    pattern: `${accountApi.adminUsers}/:id/role`,
    summary: "Set a user's role (user or admin; not your own away)",
    auth: 'admin',
    envelope: 'bare',
    params: userParams,
    body: setRoleSchema,
    response: adminUserRowSchema,
  }),
  submissions: defineRoute({
    method: 'GET',
    pattern: ADMIN_SUBMISSIONS_PATH,
    summary: 'Contact and feature-request submissions, newest first',
    auth: 'admin',
    envelope: 'bare',
    query: adminSubmissionsQuerySchema,
    response: page,
  }),
  clientErrors: defineRoute({
    method: 'GET',
    pattern: ADMIN_CLIENT_ERRORS_PATH,
    summary: 'Error reports from browsers, newest first',
    auth: 'admin',
    envelope: 'bare',
    query: adminListQuerySchema,
    response: page,
  }),
  feedback: defineRoute({
    method: 'GET',
    pattern: ADMIN_FEEDBACK_PATH,
    summary: 'Bug reports from the feedback widget, newest first',
    auth: 'admin',
    envelope: 'bare',
    query: adminListQuerySchema,
    response: page,
  }),
  analytics: defineRoute({
    method: 'GET',
    pattern: ADMIN_ANALYTICS_PATH,
    summary: 'Analytics summary: events per day, by kind, top features and pages',
    auth: 'admin',
    envelope: 'bare',
    query: adminAnalyticsQuerySchema,
    response: z.looseObject({
      days: z.number(),
      perDay: z.array(z.object({ day: z.string(), count: z.number() })),
      byKind: z.record(z.string(), z.number()),
      topFeatures: z.array(z.object({ label: z.string(), action: z.string(), count: z.number() })),
      topPages: z.array(z.object({ label: z.string(), count: z.number() })),
    }),
  }),
} as const;
