/**
 * TRUST_PROXY against the per-client limits (issue 13.7): with `true` any X-Forwarded-For was
 * believed, so a client rotating the header was never limited. Here a hop count or a proxy
 * list decides how far the header counts, and the write limit (3 a minute) holds.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { scoresApi } from '../../contracts/scores.ts';
import { buildApp } from '../app.ts';
import { DEFAULT_PUBLIC_KEY, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';

const DEVICE = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const LIMIT = 3;

/** Starts a game session (a write limited per client) from `peer`, with the header if given. */
function start(t: TestApp, peer: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: scoresApi.gameSessions,
    remoteAddress: peer,
    headers: {
      [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: { local_user_id: DEVICE, level: 1 },
  });
}

let rotation = 0;
/** A fresh made-up address each call. */
const made_up = () => `192.0.2.${++rotation % 250}`;

/** The status codes of LIMIT + 1 writes. */
async function codes(send: () => ReturnType<typeof start>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i <= LIMIT; i++) seen.push((await send()).statusCode);
  return seen;
}
const LIMITED = [...Array<number>(LIMIT).fill(201), 429];

async function withApp(trust: string, body: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({
    TRUST_PROXY: trust,
    WRITE_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  });
  try {
    await body(t);
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY and per-client limits', () => {
  it('issue 13.7: with TRUST_PROXY=1 a rotating X-Forwarded-For does not escape the limit', async () => {
    await withApp('1', async (t) => {
      // A client reaching the port directly from a public address: the header is ignored.
      expect(await codes(() => start(t, '203.0.113.9', made_up()))).toEqual(LIMITED);
      // A client behind the one proxy (on this host): the proxy appends the address it saw,
      // so whatever the client wrote before it, the client is the last entry.
      expect(await codes(() => start(t, '127.0.0.1', `${made_up()}, 198.51.100.7`))).toEqual(
        LIMITED,
      );
      // Another client behind the same proxy has its own allowance.
      expect((await start(t, '127.0.0.1', `${made_up()}, 198.51.100.8`)).statusCode).toBe(201);
    });
  });

  it('issue 13.7: with a CIDR list only the listed proxies’ headers count', async () => {
    await withApp('10.0.0.0/8, ::1', async (t) => {
      // 127.0.0.1 is not a listed proxy: its header is ignored and it is limited on its own.
      expect(await codes(() => start(t, '127.0.0.1', made_up()))).toEqual(LIMITED);
      // The listed proxy's header names the client; a prefix the client wrote does not.
      expect(await codes(() => start(t, '10.1.2.3', `${made_up()}, 198.51.100.9`))).toEqual(
        LIMITED,
      );
      expect((await start(t, '10.1.2.3', '198.51.100.10')).statusCode).toBe(201);
    });
  });

  it('issue 13.7: TRUST_PROXY=false (the default) ignores the header', async () => {
    await withApp('false', async (t) => {
      expect(await codes(() => start(t, '10.1.2.3', made_up()))).toEqual(LIMITED);
    });
  });
});

describe('TRUST_PROXY=true', () => {
  it('issue 13.7: logs a warning at start that says the risk and what to set', async () => {
    const logs: Record<string, string> = {};
    for (const trust of ['true', '1']) {
      logs[trust] = '';
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs[trust] += chunk.toString();
          done();
        },
      });
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', TRUST_PROXY: trust }),
        database: await openTestDatabase(),
        logger: { level: 'warn', stream },
      });
      await app.ready();
      await app.close();
    }
    expect(logs.true).toContain('TRUST_PROXY=true believes any X-Forwarded-For');
    expect(logs.true).toContain('escapes every per-client rate limit');
    expect(logs.true).toContain('TRUST_PROXY=1');
    expect(logs['1']).not.toContain('TRUST_PROXY');
  });
});
