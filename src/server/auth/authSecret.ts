/**
 * The secret better-auth signs session cookies with (issue 8). BETTER_AUTH_SECRET when set.
 * Otherwise a random secret is generated once and kept in DATA_DIR (mode 0600), so a fresh
 * single-machine install works with nothing configured and sessions survive restarts. Several
 * instances on one PostgreSQL database must share a secret: there it is required.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';

export const SECRET_FILE = 'auth-secret';

/**
 * Throws the ConfigError for a missing shared secret. main.ts calls it right after
 * loadConfig, before the database is opened or migrated (issue 13, item 13): a misconfigured
 * instance must not change the schema others are running on.
 */
export function requireSharedSecret(
  config: Pick<Config, 'BETTER_AUTH_SECRET' | 'DATABASE_URL' | 'NODE_ENV'>,
): void {
  if (config.BETTER_AUTH_SECRET) return;
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  BETTER_AUTH_SECRET: required with DATABASE_URL in production (every instance must sign sessions with the same secret)',
    );
  }
}

export function authSecret(
  config: Pick<Config, 'BETTER_AUTH_SECRET' | 'DATA_DIR' | 'DATABASE_URL' | 'NODE_ENV'>,
  warn: (message: string) => void,
): string {
  requireSharedSecret(config);
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  if (config.NODE_ENV === 'test' || config.DATA_DIR.startsWith('memory://')) {
    return randomBytes(32).toString('hex');
  }
  const file = join(config.DATA_DIR, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: made below.
  }
  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  warn(`BETTER_AUTH_SECRET is not set: generated one and saved it in ${file}`);
  return secret;
}
