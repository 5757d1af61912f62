import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PUBLIC_KEY_HEADER, type PublicConfig } from '../../contracts/environments.ts';
import { createDataClient, missingBackendMessage, type DataClient } from './dataClient.ts';
import { getReports } from './monitoring.ts';
import { jsonResponse } from './testing/fixtures.ts';

const PRODUCTION = { backendUrl: '/api', publicKey: 'prod-key', projectName: 'Chanterlab' };
const STAGING = {
  backendUrl: 'https://staging.example.org/api/',
  publicKey: 'staging-key',
  projectName: 'Staging',
};

function config(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    environment: 'production',
    environments: { development: null, staging: STAGING, production: PRODUCTION },
    siteUrl: 'https://chanterlab.example.org',
    captchaSiteKey: '',
    appVersion: '1.0.0',
    ...overrides,
  };
}

interface Call {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

const json = jsonResponse;

/** A fetch that records each request and answers with `respond` (default: no rows). */
function fakeFetch(
  respond: (call: Call) => Response | Promise<Response> = () => json(200, { data: [] }),
) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      url: String(input),
      init,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, mock: fetch };
}

function setup(respond?: Parameters<typeof fakeFetch>[0], overrides: Partial<PublicConfig> = {}) {
  const fake = fakeFetch(respond);
  const client = createDataClient({ config: config(overrides), fetch: fake.fetch });
  return { client, ...fake };
}

let errorSpy: MockInstance<typeof console.error>;
let warnSpy: MockInstance<typeof console.warn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

describe('environments (spec §1)', () => {
  it('R-1.ENV-01 accepts exactly development, staging and production', () => {
    const { client } = setup();
    for (const name of ['development', 'staging', 'production'] as const) {
      expect(client.setEnvironment(name)).toBe(true);
      expect(client.getEnvironment()).toBe(name);
    }
  });

  it('R-1.ENV-02 the default environment is production', () => {
    const { client } = setup();
    expect(client.getEnvironment()).toBe('production');
    expect(client.getBackend()).toEqual(PRODUCTION);
  });

  it('R-1.ENV-02 the server may say it is another environment', () => {
    const { client } = setup(undefined, { environment: 'staging' });
    expect(client.getEnvironment()).toBe('staging');
  });

  it.each(['test', 'Production', 'prod', '', ' staging', null, undefined, 3, {}])(
    'R-1.ENV-03 R-8.DATA-08 refuses %j',
    (name) => {
      const { client } = setup();
      expect(client.setEnvironment(name)).toBe(false);
    },
  );

  it('R-1.ENV-04 R-8.DATA-07 an invalid name logs "Invalid environment" and keeps the current one', async () => {
    const { client, calls } = setup();
    client.setEnvironment('staging');
    expect(client.setEnvironment('qa')).toBe(false);
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('Invalid environment'));
    expect(client.getEnvironment()).toBe('staging');
    await client.query('tblblasterhighscore');
    expect(calls[0]!.url).toBe('https://staging.example.org/api/data/tblblasterhighscore/query');
  });

  it("R-1.ENV-05 calls go to the environment's backend URL with its public key", async () => {
    const { client, calls } = setup();
    await client.query('tblblasterhighscore');
    client.setEnvironment('staging');
    await client.query('tblblasterhighscore');
    expect(calls.map((c) => [c.url, header(c, PUBLIC_KEY_HEADER)])).toEqual([
      ['/api/data/tblblasterhighscore/query', 'prod-key'],
      ['https://staging.example.org/api/data/tblblasterhighscore/query', 'staging-key'],
    ]);
  });

  it('R-6.ROLES-10 only the public key is sent: no authorization header, no other secret', async () => {
    const { client, calls } = setup();
    await client.insert('tblblasterhighscore', { score: 1, level: 1 });
    const headers = new Headers(calls[0]!.init.headers);
    expect([...headers.keys()].sort()).toEqual(['accept', 'content-type', PUBLIC_KEY_HEADER]);
    expect(calls[0]!.init.credentials).toBeUndefined();
  });
});

describe('stub client (spec §1, §8)', () => {
  const missing = missingBackendMessage('development');

  it('R-1.ENV-08 R-8.DATA-09 query, insert, update and delete resolve with no data and a missing-configuration error', async () => {
    const { client, mock } = setup();
    client.setEnvironment('development');
    expect(client.getBackend()).toBeNull();
    const results = await Promise.all([
      client.query('tblblasterhighscore'),
      client.insert('tblblasterhighscore', { score: 1 }),
      client.update('tblblasterhighscore', { id: 1 }, { score: 2 }),
      client.delete('tblblasterhighscore', { id: 1 }),
      client.rpc('submit_high_score', {}),
    ]);
    for (const result of results) {
      expect(result.data).toBeNull();
      expect(result.error?.message).toBe(missing);
      expect(result.error?.message).toMatch(/backend configuration is missing/i);
    }
    expect(mock).not.toHaveBeenCalled();
  });

  it('R-8.DATA-10 logs one console message, not one per call', async () => {
    const { client } = setup();
    client.setEnvironment('development');
    await client.query('tblblasterhighscore');
    await client.query('tblblasterhighscore');
    client.setEnvironment('production');
    client.setEnvironment('development');
    expect(warnSpy).toHaveBeenCalledTimes(1);
    expect(warnSpy.mock.calls[0]![0]).toContain(missing);
  });

  it('R-1.ENV-08 a server whose own environment is unconfigured gives a stub from the start', async () => {
    const { client } = setup(undefined, {
      environments: { development: null, staging: null, production: null },
    });
    expect(warnSpy).toHaveBeenCalledTimes(1);
    const result = await client.query('tblblasterhighscore');
    expect(result.error?.message).toBe(missingBackendMessage('production'));
  });

  it('R-8.DATA-05 the connection test of a stub fails with the missing-configuration message', async () => {
    const { client } = setup();
    client.setEnvironment('development');
    expect(await client.testConnection()).toEqual({ success: false, message: missing });
  });

  it('switching back to a configured environment leaves the stub', async () => {
    const { client, calls } = setup(() => json(200, { data: [{ id: 1 }] }));
    client.setEnvironment('development');
    client.setEnvironment('production');
    expect((await client.query('tblblasterhighscore')).data).toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
  });
});

describe('query (spec §7)', () => {
  it('R-7.DATA-01 selects all columns by default, or the chosen ones', async () => {
    const { client, calls } = setup();
    await client.query('tblblasterhighscore');
    await client.query('tblblasterhighscore', { columns: ['score', 'level'] });
    expect(calls[0]!.body).not.toHaveProperty('columns');
    expect(calls[1]!.body.columns).toEqual(['score', 'level']);
  });

  it('R-7.DATA-02 sends equality filters, null included', async () => {
    const { client, calls } = setup();
    await client.query('tblblasterhighscore', { filters: { level: 2, struserinitials: null } });
    expect(calls[0]!.body.filters).toEqual({ level: 2, struserinitials: null });
  });

  it('R-7.DATA-03 orders descending by default and by the chosen column when given', async () => {
    const { client, calls } = setup();
    await client.query('tblblasterhighscore');
    await client.query('tblblasterhighscore', { orderBy: 'score', ascending: true });
    // No orderBy: the server's default, created_at (src/contracts/data.ts).
    expect(calls[0]!.body).not.toHaveProperty('orderBy');
    expect(calls[0]!.body.ascending).toBe(false);
    expect(calls[1]!.body).toMatchObject({ orderBy: 'score', ascending: true });
  });

  it('R-7.DATA-04 asks for the range offset … offset+limit-1', async () => {
    const { client, calls } = setup();
    await client.query('tblblasterhighscore', { offset: 20, limit: 5 });
    expect(calls[0]!.body).toMatchObject({ offset: 20, limit: 5 });
  });

  it('R-7.DATA-05 defaults to limit 10 and offset 0', async () => {
    const { client, calls } = setup();
    await client.query('tblblasterhighscore');
    expect(calls[0]!.body).toMatchObject({ limit: 10, offset: 0 });
  });

  it('R-8.DATA-01 answers data and error, and the count when asked for', async () => {
    const { client } = setup(() => json(200, { data: [{ id: 3 }], count: 42 }));
    expect(await client.query('tblblasterhighscore', { count: true })).toEqual({
      data: [{ id: 3 }],
      error: null,
      count: 42,
    });
  });

  it('POSTs JSON to the dataApi path, the table name encoded', async () => {
    const { client, calls } = setup();
    await client.query('a/../b?c');
    expect(calls[0]!.url).toBe('/api/data/a%2F..%2Fb%3Fc/query');
    expect(calls[0]!.init.method).toBe('POST');
    expect(header(calls[0]!, 'content-type')).toBe('application/json');
  });
});

describe('insert, update, delete, rpc (spec §7)', () => {
  it('R-7.DATA-06 R-7.DATA-07 inserts one row or an array and returns the inserted rows', async () => {
    const { client, calls } = setup(({ body }) =>
      json(200, {
        data: ([] as unknown[]).concat(body.rows).map((r, i) => ({ id: i + 1, ...(r as object) })),
      }),
    );
    const one = await client.insert('tblblasterhighscore', { score: 1, level: 1 });
    const many = await client.insert('tblblasterhighscore', [
      { score: 1, level: 1 },
      { score: 2, level: 2 },
    ]);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/data/tblblasterhighscore/insert',
      '/api/data/tblblasterhighscore/insert',
    ]);
    expect(calls[0]!.body).toEqual({ rows: { score: 1, level: 1 } });
    expect(one).toEqual({ data: [{ id: 1, score: 1, level: 1 }], error: null });
    expect(many.data).toHaveLength(2);
  });

  it('R-7.DATA-08 updates by equality match and returns the updated rows', async () => {
    const { client, calls } = setup(() => json(200, { data: [{ id: 7, score: 9 }] }));
    const result = await client.update('tblblasterhighscore', { id: 7 }, { score: 9 });
    expect(calls[0]!.url).toBe('/api/data/tblblasterhighscore/update');
    expect(calls[0]!.body).toEqual({ match: { id: 7 }, values: { score: 9 } });
    expect(result).toEqual({ data: [{ id: 7, score: 9 }], error: null });
  });

  it('R-7.DATA-09 deletes by equality match and returns the deleted rows', async () => {
    const { client, calls } = setup(() => json(200, { data: [{ id: 7 }] }));
    const result = await client.delete('tblblasterhighscore', { id: 7 });
    expect(calls[0]!.url).toBe('/api/data/tblblasterhighscore/delete');
    expect(calls[0]!.body).toEqual({ match: { id: 7 } });
    expect(result).toEqual({ data: [{ id: 7 }], error: null });
  });

  it('R-7.DATA-10 calls rpc with its parameters', async () => {
    const { client, calls } = setup(() => json(200, { data: [{ id: 1, score: 5 }] }));
    const params = { p_score: 5, p_local_user_id: 'x', p_level: 1, p_initials: null };
    const result = await client.rpc('submit_high_score', params);
    expect(calls[0]!.url).toBe('/api/rpc/submit_high_score');
    expect(calls[0]!.body).toEqual({ params });
    expect(result).toEqual({ data: [{ id: 1, score: 5 }], error: null });
  });

  it('an empty match is refused before any request (it would change every row)', async () => {
    const { client, mock } = setup();
    const result = await client.delete('tblblasterhighscore', {});
    expect(result.data).toBeNull();
    expect(result.error?.message).toContain('A match is required');
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('failures (spec §8 Data layer)', () => {
  async function failing(client: DataClient) {
    return [
      await client.query('tblblasterhighscore'),
      await client.insert('tblblasterhighscore', { score: 1 }),
      await client.update('tblblasterhighscore', { id: 1 }, { score: 1 }),
      await client.delete('tblblasterhighscore', { id: 1 }),
      await client.rpc('submit_high_score', {}),
    ];
  }

  it('R-8.DATA-01 R-8.DATA-02 a server error answers data null and the server message', async () => {
    const { client } = setup(() =>
      json(403, { error: { message: 'You may not insert rows', code: 'forbidden' } }),
    );
    for (const result of await failing(client)) {
      expect(result.data).toBeNull();
      expect(result.error).toEqual({
        message: 'You may not insert rows',
        code: 'forbidden',
        status: 403,
      });
    }
  });

  it('R-8.DATA-03 the error is logged', async () => {
    const { client } = setup(() =>
      json(500, { error: { message: 'Internal server error', code: 'internal' } }),
    );
    await client.query('tblblasterhighscore');
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('Internal server error'));
    expect(errorSpy).toHaveBeenCalledWith(
      expect.stringContaining('query tblblasterhighscore failed'),
    );
  });

  it('R-8.DATA-04 the error is reported with where it happened', async () => {
    const { client } = setup(() =>
      json(429, { error: { message: 'Rate limit exceeded', code: 'FST_ERR_RATE_LIMIT' } }),
    );
    await client.rpc('submit_high_score', { p_score: 1 });
    expect(getReports().at(-1)).toMatchObject({
      message: 'Rate limit exceeded',
      context: {
        source: 'data',
        operation: 'rpc',
        target: 'submit_high_score',
        environment: 'production',
        status: 429,
      },
    });
  });

  it('R-8.DATA-02 a network failure answers an error and never throws', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    for (const result of await failing(client)) {
      expect(result.data).toBeNull();
      expect(result.error?.message).toBe('Could not reach the server: Failed to fetch');
    }
    expect(errorSpy).toHaveBeenCalled();
  });

  it('R-8.DATA-02 an answer that is not JSON, or not the API shape, is an error', async () => {
    const html = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect((await html.client.query('tblblasterhighscore')).error).toEqual({
      message: 'Request failed with status 502',
      code: 'http_error',
      status: 502,
    });
    const shapeless = setup(() => json(200, { rows: [] }));
    expect((await shapeless.client.query('tblblasterhighscore')).error?.message).toBe(
      'Invalid response from the server',
    );
    const notRows = setup(() => json(200, { data: 'nope' }));
    expect((await notRows.client.insert('tblblasterhighscore', { score: 1 })).error?.message).toBe(
      'Invalid response from the server',
    );
  });

  it('R-8.DATA-02 a request the contract refuses fails without a network call', async () => {
    const { client, mock } = setup();
    const result = await client.query('tblblasterhighscore', { limit: 0 });
    expect(result).toMatchObject({ data: null, count: null, error: { code: 'validation' } });
    expect(result.error?.message).toContain('limit');
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('connection test (spec §7, §8)', () => {
  it('R-7.DATA-11 reads the count from tblblasterhighscore with limit 1', async () => {
    const { client, calls } = setup(() => json(200, { data: [{ id: 1 }], count: 17 }));
    expect(await client.testConnection()).toEqual({ success: true, count: 17 });
    expect(calls[0]!.url).toBe('/api/data/tblblasterhighscore/query');
    expect(calls[0]!.body).toMatchObject({ count: true, limit: 1, columns: ['id'] });
  });

  it('R-7.DATA-11 an empty table connects with count 0', async () => {
    const { client } = setup(() => json(200, { data: [], count: 0 }));
    expect(await client.testConnection()).toEqual({ success: true, count: 0 });
  });

  it('R-8.DATA-05 a failed connection test answers success false with the message', async () => {
    const { client } = setup(() =>
      json(401, { error: { message: 'Invalid or missing API key', code: 'invalid_key' } }),
    );
    expect(await client.testConnection()).toEqual({
      success: false,
      message: 'Invalid or missing API key',
    });
  });

  it("R-8.DATA-06 a failure with no message answers 'Unknown error'", async () => {
    const { client } = setup(() => json(500, { error: { message: '' } }));
    expect(await client.testConnection()).toEqual({ success: false, message: 'Unknown error' });
  });

  it('R-8.DATA-05 a network failure fails the test with its message', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await client.testConnection()).toEqual({
      success: false,
      message: 'Could not reach the server: Failed to fetch',
    });
  });
});

describe('default fetch', () => {
  it('calls the global fetch as a plain function (no Illegal invocation)', async () => {
    const global = vi.fn(async () => json(200, { data: [] }));
    vi.stubGlobal('fetch', global);
    try {
      const client = createDataClient({ config: config() });
      expect((await client.query('tblblasterhighscore')).error).toBeNull();
      expect(global).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
