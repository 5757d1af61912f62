/**
 * Environments (spec §1, §8 'Data layer'): exactly development, staging and production;
 * production by default. Only public values live here: the browser receives this shape from
 * /api/config and nothing else about the server's configuration.
 */
import { z } from 'zod';
import { humanCheckProviders } from './humanCheck.ts';

export const environmentNames = ['development', 'staging', 'production'] as const;
export type EnvironmentName = (typeof environmentNames)[number];
export const DEFAULT_ENVIRONMENT: EnvironmentName = 'production';

export function isEnvironmentName(value: unknown): value is EnvironmentName {
  return typeof value === 'string' && (environmentNames as readonly string[]).includes(value);
}

/** One backend: where the API lives, the public (anonymous-role) key it expects, its name. */
export const backendConfigSchema = z.object({
  backendUrl: z.string().min(1),
  publicKey: z.string().min(1),
  projectName: z.string().min(1),
});
export type BackendConfig = z.infer<typeof backendConfigSchema>;

export const publicConfigSchema = z.object({
  environment: z.enum(environmentNames),
  environments: z.object({
    development: backendConfigSchema.nullable(),
    staging: backendConfigSchema.nullable(),
    production: backendConfigSchema.nullable(),
  }),
  siteUrl: z.string(),
  captchaSiteKey: z.string(),
  /** Which human check the site uses (src/contracts/humanCheck.ts); absent means ALTCHA. */
  captchaProvider: z.enum(humanCheckProviders).optional(),
  /** A public Sentry DSN, or '' / absent: errors go to our own /api/client-errors. */
  sentryDsn: z.string().optional(),
  appVersion: z.string(),
  /**
   * Whether the site owner set an address (SITE_OWNER_EMAIL) that contact messages are
   * forwarded to: only then can Contact promise a reply by email (issue 22 item 11). The
   * address itself stays on the server. Absent (an older server) reads as false.
   */
  ownerReplies: z.boolean().optional(),
  /**
   * Issue 16 item 2: raster tiles under the finder's map when the operator set MAP_TILE_URL (and
   * its attribution, always shown); null: the map draws only the Natural Earth layer it ships.
   */
  map: z
    .object({ tileUrl: z.string().nullable(), tileAttribution: z.string().nullable() })
    .optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Header carrying the environment's public key on every data call. */
export const PUBLIC_KEY_HEADER = 'x-chanterlab-key';
