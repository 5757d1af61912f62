/**
 * Server configuration from the environment, parsed once at start with zod (DESIGN habit 7).
 * A bad value stops the server with a message naming the variable. Only `publicConfig()`
 * reaches the browser; everything in SECRET_VARIABLES must never leave the server.
 */
import { z } from 'zod';
import {
  DEFAULT_ENVIRONMENT,
  environmentNames,
  type BackendConfig,
  type EnvironmentName,
  type PublicConfig,
} from '../contracts/environments.ts';
import type { HumanCheckProvider } from '../contracts/humanCheck.ts';
import { parseTrustProxy } from './http/trustProxy.ts';
import { parseDailyCaps } from './services/dailyCapSettings.ts';

/** Variables whose values are secrets; tests scan built assets and /api/config for them. */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'ADMIN_TOKEN',
  'ALTCHA_HMAC_KEY',
  'BETTER_AUTH_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'SMTP_URL',
  'TURNSTILE_SECRET_KEY',
  'HCAPTCHA_SECRET',
] as const;

const optionalUrl = z
  .string()
  .trim()
  .min(1)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const port = z.coerce.number().int().min(0).max(65535);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long to wait for PostgreSQL at start before stopping (issue 13 item 6); 0: try once. */
  DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** PGlite's shared_buffers (issue 13 item 15, db/pgliteSettings.ts). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size like 16MB or 512kB')
    .default('16MB'),
  /** PGlite: flush every commit to the disk (docs/decisions/014); off trades safety for speed. */
  PGLITE_FSYNC: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  APP_ENV: z.enum(environmentNames).default(DEFAULT_ENVIRONMENT),
  PUBLIC_SITE_URL: z.url().optional(),
  CAPTCHA_SITE_KEY: z.string().default(''),
  APP_VERSION: z.string().min(1).default('1.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Whose X-Forwarded-For counts (issue 13.7): false, true, a hop count, or proxy CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'invalid' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.invalid });
        return z.NEVER;
      }
      return parsed;
    }),
  ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Signs human-check challenges; unset: a random key per process (see app.ts). */
  ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** Accounts (issue 8): SMTP for outgoing mail; unset, mail goes to the local outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Chanterlab <no-reply@localhost>'),
  /** Signs sessions; unset: generated once and kept in DATA_DIR (see src/server/auth/secret.ts). */
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The public origin sign-in links and Google redirects use; default: the site URL. */
  BETTER_AUTH_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Comma-separated addresses that become administrators when they sign in. */
  ADMIN_EMAILS: z.string().default(''),
  /** Sign-in links one client may ask for per minute (issue 8 'rate-limited per client'). */
  MAGIC_LINK_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /** Monitoring (issue 8): where forms, bug reports and Send Email messages go. */
  SITE_OWNER_EMAIL: z.email().optional(),
  SITE_OWNER_NAME: z.string().trim().min(1).default('the Chanterlab team'),
  /** A public Sentry DSN (not a secret); unset, browser errors go to our own table. */
  SENTRY_DSN: z.url().optional(),
  /** How many browser error reports the bounded client_errors table keeps. */
  CLIENT_ERROR_ROWS: z.coerce.number().int().min(10).max(1_000_000).default(1000),
  /**
   * Issue 16 item 2: optional raster tiles under the finder's map, e.g.
   * `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. Unset, the map draws only the Natural Earth
   * layer shipped with the app and reaches no other server. MAP_TILE_ATTRIBUTION is required
   * with it (the tile provider's usage policy: attribution always shown).
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/,
      'must be an http(s) tile URL template with {z}, {x} and {y}',
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(500).optional(),
  /** Human-check alternatives to ALTCHA: used when both keys of a pair are set. */
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  HCAPTCHA_SITE_KEY: z.string().min(1).optional(),
  HCAPTCHA_SECRET: z.string().min(1).optional(),
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** docs/decisions/008-score-integrity.md: 'required' refuses scores without a game session. */
  SCORE_SESSIONS: z.enum(['optional', 'required']).default('required'),
  /** How long a leaderboard answer is shared between readers; 0 turns the cache off. */
  SCORE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Issue 13.10: rows one client may add per day, per table (`table=n,…`; dailyWriteCaps.ts). */
  DAILY_WRITE_CAPS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const caps = parseDailyCaps(text);
      if (typeof caps !== 'string') return caps;
      ctx.addIssue({ code: 'custom', message: caps });
      return z.NEVER;
    }),
  /** Issue 13.10: minutes between pruning runs (services/pruner.ts); 0 turns pruning off. */
  PRUNE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  /** Issue 13.8: open realtime sockets in all, and from one client (request.ip); ADR 018. */
  REALTIME_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(1000),
  REALTIME_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(20),
  DEVELOPMENT_BACKEND_URL: optionalUrl,
  DEVELOPMENT_PUBLIC_KEY: optionalUrl,
  DEVELOPMENT_PROJECT_NAME: optionalUrl,
  STAGING_BACKEND_URL: optionalUrl,
  STAGING_PUBLIC_KEY: optionalUrl,
  STAGING_PROJECT_NAME: optionalUrl,
  PRODUCTION_BACKEND_URL: optionalUrl,
  PRODUCTION_PUBLIC_KEY: optionalUrl,
  PRODUCTION_PROJECT_NAME: optionalUrl,
});

export type Config = z.infer<typeof schema> & {
  readonly siteUrl: string;
  readonly environments: Record<EnvironmentName, BackendConfig | null>;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The public key the app's own environment uses when none is configured. Not a secret. */
export const DEFAULT_PUBLIC_KEY = 'chanterlab-anon';

function backendFor(name: EnvironmentName, env: z.infer<typeof schema>): BackendConfig | null {
  const prefix = name.toUpperCase() as 'DEVELOPMENT' | 'STAGING' | 'PRODUCTION';
  const own = env.APP_ENV === name;
  const backendUrl = env[`${prefix}_BACKEND_URL`] ?? (own ? '/api' : undefined);
  const publicKey = env[`${prefix}_PUBLIC_KEY`] ?? (own ? DEFAULT_PUBLIC_KEY : undefined);
  const projectName = env[`${prefix}_PROJECT_NAME`] ?? (own ? 'Chanterlab' : undefined);
  if (!backendUrl || !publicKey || !projectName) return null;
  return { backendUrl, publicKey, projectName };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=`) means "not set": use the default rather than coerce '' to 0.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.MAP_TILE_URL && !value.MAP_TILE_ATTRIBUTION) {
    throw new ConfigError(
      'Invalid configuration:\n  MAP_TILE_ATTRIBUTION: required with MAP_TILE_URL (the tile provider’s attribution, shown on the map)',
    );
  }
  const siteUrl = (value.PUBLIC_SITE_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return {
    ...value,
    siteUrl,
    environments: {
      development: backendFor('development', value),
      staging: backendFor('staging', value),
      production: backendFor('production', value),
    },
  };
}

/**
 * The human check in use: Cloudflare Turnstile or hCaptcha when both keys of the pair are set
 * (Turnstile first), ALTCHA otherwise (issue 8 part 3).
 */
/**
 * The tile host for the CSP's img-src (issue 16 item 2): the template's origin, with Leaflet's
 * `{s}` subdomain placeholder as a wildcard. Null without MAP_TILE_URL.
 */
export function mapTileSource(config: Config): string | null {
  const match = config.MAP_TILE_URL ? /^(https?:\/\/[^/]+)/.exec(config.MAP_TILE_URL) : null;
  return match ? match[1]!.replace(/\{s\}/g, '*') : null;
}

export function humanCheckSettings(config: Config): {
  provider: HumanCheckProvider;
  siteKey: string;
  secret?: string;
} {
  if (config.TURNSTILE_SITE_KEY && config.TURNSTILE_SECRET_KEY) {
    return {
      provider: 'turnstile',
      siteKey: config.TURNSTILE_SITE_KEY,
      secret: config.TURNSTILE_SECRET_KEY,
    };
  }
  if (config.HCAPTCHA_SITE_KEY && config.HCAPTCHA_SECRET) {
    return {
      provider: 'hcaptcha',
      siteKey: config.HCAPTCHA_SITE_KEY,
      secret: config.HCAPTCHA_SECRET,
    };
  }
  return { provider: 'altcha', siteKey: config.CAPTCHA_SITE_KEY };
}

/** The only configuration the browser sees (served at /api/config). */
export function publicConfig(config: Config): PublicConfig {
  return {
    environment: config.APP_ENV,
    environments: config.environments,
    siteUrl: config.siteUrl,
    captchaSiteKey: humanCheckSettings(config).siteKey,
    captchaProvider: humanCheckSettings(config).provider,
    sentryDsn: config.SENTRY_DSN ?? '',
    appVersion: config.APP_VERSION,
    ownerReplies: config.SITE_OWNER_EMAIL !== undefined,
    map: {
      tileUrl: config.MAP_TILE_URL ?? null,
      tileAttribution: config.MAP_TILE_URL ? (config.MAP_TILE_ATTRIBUTION ?? null) : null,
    },
  };
}
