/**
 * Small system operations (spec §2.1, §7 'Developer test'; issue 15 item 1): health, the public
 * configuration and the developer page's `hello`. Their answers are bare (older than `{ data }`).
 */
import { z } from 'zod';
import { publicConfigSchema } from '../environments.ts';
import { defineRoute } from './apiRoute.ts';

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    pattern: '/api/health',
    summary: 'Liveness and database reachability (503 when the database does not answer)',
    envelope: 'bare',
    response: z.object({
      status: z.enum(['ok', 'unavailable']),
      database: z.object({ kind: z.string(), reachable: z.boolean() }),
      version: z.string(),
    }),
  }),
  config: defineRoute({
    method: 'GET',
    pattern: '/api/config',
    summary: 'Public configuration: environments, site URL, human-check key (no secrets)',
    envelope: 'bare',
    response: publicConfigSchema,
  }),
  hello: defineRoute({
    method: 'GET',
    pattern: '/api/hello',
    summary: "The developer test page's server function (spec §7 Developer test)",
    envelope: 'bare',
    response: z.looseObject({
      message: z.string(),
      environment: z.string().optional(),
      time: z.string().optional(),
    }),
  }),
  credits: defineRoute({
    method: 'GET',
    pattern: '/credits.json',
    summary: 'Open-source credits: a static file the build writes (scripts/credits.ts)',
    envelope: 'bare',
    response: z.array(
      z.object({
        name: z.string(),
        version: z.string(),
        license: z.string(),
        description: z.string(),
        url: z.string(),
        use: z.enum(['runtime', 'build']),
      }),
    ),
  }),
} as const;
