/**
 * Error reports, analytics events and feedback reports from the browser, and the
 * administrators' reading of them (issue 8 parts 5–7). Handlers stay thin: parse, call the
 * service, answer. Every write is size- and rate-limited; every admin read refuses non-admins.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoutes } from '../../contracts/api/adminRoutes.ts';
import { monitoringRoutes as routes } from '../../contracts/api/monitoringRoutes.ts';
import { routeOf } from '../http/registerRoute.ts';
import {
  MAX_REPORT_PAYLOAD_BYTES,
  adminAnalyticsQuerySchema,
  adminListQuerySchema,
  analyticsBatchSchema,
  clientErrorBatchSchema,
} from '../../contracts/monitoring.ts';
import { parseJsonText } from '../boundedJson.ts';
import type { Database } from '../db/client.ts';
import { storeAnalyticsEvents, summarizeAnalytics } from '../services/analyticsService.ts';
import { listClientErrors, storeClientErrors } from '../services/clientErrorService.ts';
import { forbidden } from '../services/errors.ts';
import { listFeedback, submitFeedback } from '../services/feedbackService.ts';
import type { OwnerMail } from '../services/ownerMail.ts';
import { takeDailyWrites } from './takeDailyWrites.ts';
import { validate } from './validate.ts';

export interface MonitoringOptions {
  database: Database;
  /** How many error reports the bounded table keeps. */
  clientErrorRows: number;
  ownerMail?: OwnerMail | undefined;
}

function requireAdmin(request: FastifyRequest): void {
  if (request.actor.kind !== 'admin') throw forbidden('Administrators only');
}

/**
 * sendBeacon may send text/plain; fetch sends JSON. Both carry the same JSON text, and both
 * have their nesting bounded (issue 13.9).
 */
function jsonBody(body: unknown): unknown {
  return typeof body === 'string' ? parseJsonText(body) : body;
}

export async function monitoringRoutes(app: FastifyInstance, options: MonitoringOptions) {
  const { database } = options;

  // Handlers kept (text/plain beacons, 201/202 answers, admin-only 403); paths from the
  // contracts (issue 15 item 1).
  app.route({
    ...routeOf(routes.clientErrors),
    // Spec §7 'Monitoring': payloads are limited to 100 KB.
    bodyLimit: MAX_REPORT_PAYLOAD_BYTES,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { reports } = validate(clientErrorBatchSchema, jsonBody(request.body));
      await takeDailyWrites(request, 'client_errors', reports.length);
      const stored = await storeClientErrors(database, reports, {
        userAgent: request.headers['user-agent'],
        keep: options.clientErrorRows,
      });
      return reply.code(202).send({ stored });
    },
  });

  app.route({
    ...routeOf(routes.analytics),
    bodyLimit: 64 * 1024,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { events } = validate(analyticsBatchSchema, jsonBody(request.body));
      await takeDailyWrites(request, 'analytics_events', events.length);
      const stored = await storeAnalyticsEvents(database, events);
      return reply.code(202).send({ stored });
    },
  });

  app.route({
    ...routeOf(routes.feedback),
    bodyLimit: 32 * 1024,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { id } = await submitFeedback(
        database,
        jsonBody(request.body),
        {
          address: request.ip,
          userAgent: request.headers['user-agent'],
          beforeStore: () => takeDailyWrites(request, 'feedback_reports', 1),
        },
        options.ownerMail,
      );
      return reply.code(201).send({ ok: true, id });
    },
  });

  app.route({
    ...routeOf(adminRoutes.clientErrors),
    handler: async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return listClientErrors(database, validate(adminListQuerySchema, request.query));
    },
  });

  app.route({
    ...routeOf(adminRoutes.feedback),
    handler: async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return listFeedback(database, validate(adminListQuerySchema, request.query));
    },
  });

  app.route({
    ...routeOf(adminRoutes.analytics),
    handler: async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return summarizeAnalytics(database, validate(adminAnalyticsQuerySchema, request.query));
    },
  });
}
