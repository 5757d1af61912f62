import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../contracts/environments.ts';

const CONFIG: PublicConfig = {
  environment: 'staging',
  environments: {
    development: null,
    staging: { backendUrl: '/api', publicKey: 'chanterlab-anon', projectName: 'Chanterlab' },
    production: null,
  },
  siteUrl: 'http://localhost:3000',
  captchaSiteKey: '',
  appVersion: '1.0.0',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The shared client lives in module state: each test loads fresh modules.
async function load() {
  return (await import('./getDataClient.ts')).getDataClient;
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getDataClient', () => {
  it('R-1.ENV-02 builds one client from /api/config, in the environment the server names', async () => {
    const fetch = vi.fn(async () => json(200, CONFIG));
    vi.stubGlobal('fetch', fetch);
    const getDataClient = await load();
    const [a, b] = await Promise.all([getDataClient(), getDataClient()]);
    expect(a).toBe(b);
    expect(a.getEnvironment()).toBe('staging');
    expect(a.getBackend()).toEqual(CONFIG.environments.staging);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('rejects when the configuration cannot be loaded, and tries again next time', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, CONFIG));
    vi.stubGlobal('fetch', fetch);
    const getDataClient = await load();
    await expect(getDataClient()).rejects.toThrow('status 503');
    await expect(getDataClient()).resolves.toBeTruthy();
  });
});
