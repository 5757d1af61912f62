/**
 * R-6.ROLES-10: no privileged key or other secret ever reaches the browser. The product in the
 * spec shipped its service-role keys to every visitor; this test builds the web app with every
 * server secret set in the environment, then scans every built file and every public endpoint
 * for each secret's value.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type SECRET_VARIABLES } from '../src/server/config.ts';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { routes } from '../src/contracts/routes.ts';
import type { FastifyInstance } from 'fastify';

const SECRET_VALUES: Record<(typeof SECRET_VARIABLES)[number], string> = {
  DATABASE_URL: 'postgres://chanter:Sup3rS3cretDbPassw0rd@db.internal:5432/chanterlab',
  ADMIN_TOKEN: 'admin-token-TOPSECRET-9f8e7d6c5b4a39281706',
  ALTCHA_HMAC_KEY: 'altcha-hmac-TOPSECRET-0a1b2c3d4e5f60718293a4b5',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAA-turnstile-TOPSECRET-5566778899',
  HCAPTCHA_SECRET: '0x-hcaptcha-TOPSECRET-aabbccddeeff00112233',
  BETTER_AUTH_SECRET: 'better-auth-TOPSECRET-1122334455667788990011',
  GOOGLE_CLIENT_SECRET: 'GOCSPX-google-TOPSECRET-a1b2c3d4e5',
  SMTP_URL: 'smtp://mailer:Smtp-TOPSECRET-pass77@mail.internal:587',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** A secret and the distinctive parts of it (a password inside a URL, say). */
function needles(value: string): string[] {
  const parts = [value];
  try {
    const url = new URL(value);
    if (url.password) parts.push(url.password);
  } catch {
    // not a URL
  }
  return parts;
}

let outDir: string;
let app: FastifyInstance;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRET_VALUES)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  outDir = mkdtempSync(join(tmpdir(), 'chanterlab-secret-build-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const config = loadConfig({
    ...SECRET_VALUES,
    // The server under test runs on PGlite; DATABASE_URL is only here to be scanned for.
    DATABASE_URL: undefined,
    ADMIN_TOKEN: SECRET_VALUES.ADMIN_TOKEN,
    STATIC_DIR: outDir,
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  rmSync(outDir, { recursive: true, force: true });
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('no secret reaches the browser', () => {
  it('R-6.ROLES-10 no built asset contains a server secret', () => {
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const [name, value] of Object.entries(SECRET_VALUES)) {
        for (const needle of needles(value)) {
          expect(text.includes(needle), `${name} found in ${file}`).toBe(false);
        }
      }
    }
  });

  it('R-6.ROLES-10 no public endpoint or page answers with a server secret', async () => {
    const urls = [
      '/api/config',
      '/api/health',
      '/api/hello',
      '/sitemap.xml',
      '/robots.txt',
      ...routes.map((r) => r.path.replace(':bandId', 'x')),
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      const text = res.body + JSON.stringify(res.headers);
      for (const [name, value] of Object.entries(SECRET_VALUES)) {
        for (const needle of needles(value)) {
          expect(text.includes(needle), `${name} found in ${url}`).toBe(false);
        }
      }
    }
  });
});
