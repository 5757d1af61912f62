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

/** Variables whose values are secrets; tests scan built assets and /api/config for them. */
export const SECRET_VARIABLES = ['DATABASE_URL', 'ADMIN_TOKEN', 'ALTCHA_HMAC_KEY'] as const;

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
  APP_ENV: z.enum(environmentNames).default(DEFAULT_ENVIRONMENT),
  PUBLIC_SITE_URL: z.url().optional(),
  CAPTCHA_SITE_KEY: z.string().default(''),
  APP_VERSION: z.string().min(1).default('1.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Signs human-check challenges; unset: a random key per process (see app.ts). */
  ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** docs/decisions/008-score-integrity.md: 'required' refuses scores without a game session. */
  SCORE_SESSIONS: z.enum(['optional', 'required']).default('optional'),
  /** How long a leaderboard answer is shared between readers; 0 turns the cache off. */
  SCORE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
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

/** The only configuration the browser sees (served at /api/config). */
export function publicConfig(config: Config): PublicConfig {
  return {
    environment: config.APP_ENV,
    environments: config.environments,
    siteUrl: config.siteUrl,
    captchaSiteKey: config.CAPTCHA_SITE_KEY,
    appVersion: config.APP_VERSION,
  };
}
