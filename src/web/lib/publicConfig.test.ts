import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testPublicConfig, jsonResponse } from './testing/fixtures.ts';

const CONFIG = testPublicConfig({
  siteUrl: 'https://chanterlab.example.org',
  captchaSiteKey: 'site-key',
});

const json = jsonResponse;

// The cache lives in the module: each test loads a fresh copy.
async function load() {
  return (await import('./publicConfig.ts')).loadPublicConfig;
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadPublicConfig', () => {
  it('R-1.ENV-05 R-1.ENV-06 R-1.ENV-07 loads environments, site URL and captcha site key from /api/config', async () => {
    const fetch = vi.fn(async () => json(200, CONFIG));
    const config = await (await load())(fetch);
    expect(fetch).toHaveBeenCalledWith('/api/config', expect.anything());
    expect(config).toEqual(CONFIG);
    expect(config.siteUrl).toBe('https://chanterlab.example.org');
    expect(config.captchaSiteKey).toBe('site-key');
    expect(config.environments.production).toEqual({
      backendUrl: '/api',
      publicKey: 'chanterlab-anon',
      projectName: 'Chanterlab',
    });
  });

  it('loads once and shares the answer', async () => {
    const fetch = vi.fn(async () => json(200, CONFIG));
    const loadPublicConfig = await load();
    const [a, b] = await Promise.all([loadPublicConfig(fetch), loadPublicConfig(fetch)]);
    await loadPublicConfig(fetch);
    expect(fetch).toHaveBeenCalledOnce();
    expect(a).toBe(b);
  });

  it('uses the global fetch by default', async () => {
    const fetch = vi.fn(async () => json(200, CONFIG));
    vi.stubGlobal('fetch', fetch);
    await (
      await load()
    )();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('R-1.ENV-03 refuses a configuration naming an unknown environment', async () => {
    const fetch = vi.fn(async () => json(200, { ...CONFIG, environment: 'qa' }));
    await expect((await load())(fetch)).rejects.toThrow(
      /Invalid configuration from \/api\/config: environment/,
    );
  });

  it('refuses a configuration without a site URL', async () => {
    const { siteUrl: _omit, ...rest } = CONFIG;
    const fetch = vi.fn(async () => json(200, rest));
    await expect((await load())(fetch)).rejects.toThrow(/siteUrl/);
  });

  it('a failed load is not cached: the next call tries again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(503, { status: 'unavailable' }))
      .mockResolvedValueOnce(json(200, CONFIG));
    const loadPublicConfig = await load();
    await expect(loadPublicConfig(fetch)).rejects.toThrow('status 503');
    await expect(loadPublicConfig(fetch)).resolves.toEqual(CONFIG);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a network failure rejects with its message', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect((await load())(fetch)).rejects.toThrow('Failed to fetch');
  });
});
