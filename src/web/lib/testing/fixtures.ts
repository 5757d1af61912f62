/** Shared test fixtures for browser-side modules: a public configuration and JSON responses. */
import type { PublicConfig } from '../../../contracts/environments.ts';

/** The configuration a default server (APP_ENV production) sends from /api/config. */
export function testPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    environment: 'production',
    environments: {
      development: null,
      staging: null,
      production: { backendUrl: '/api', publicKey: 'chanterlab-anon', projectName: 'Chanterlab' },
    },
    siteUrl: 'http://localhost:3000',
    captchaSiteKey: '',
    appVersion: '1.0.0',
    ...overrides,
  };
}

/** A fetch Response carrying JSON. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
