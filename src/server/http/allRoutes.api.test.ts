/**
 * Issue 15 item 1: no API path is typed by hand. Every route the app registers under /api is
 * a contract's (src/contracts/api/allRoutes.ts) — better-auth's own catch-all excepted — and
 * every contract under /api is served (by its own route or that catch-all).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../contracts/api/allRoutes.ts';
import { AUTH_API } from '../../contracts/accountApi.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

/** better-auth serves everything under it (src/server/routes/auth.ts). */
const AUTH_CATCH_ALL = `${AUTH_API}/*`;

let t: TestApp;
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          // Fastify adds a HEAD beside each GET by itself.
          if (method !== 'HEAD') registered.push({ method, url: route.url });
        }
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const key = (method: string, url: string) => `${method} ${url}`;

describe('issue 15.1: every API route is defined once in the contracts', () => {
  it('the hook saw the routes (the check below is not vacuous)', () => {
    expect(registered.some((r) => r.url === '/api/health')).toBe(true);
    expect(registered.length).toBeGreaterThan(30);
  });

  it('every /api route the app registers is in allRoutes, except the better-auth catch-all', () => {
    const defined = new Set(allRoutes.map((route) => key(route.method, route.pattern)));
    const strays = registered
      .filter((r) => r.url.startsWith('/api/') && r.url !== AUTH_CATCH_ALL)
      .map((r) => key(r.method, r.url))
      .filter((k) => !defined.has(k));
    expect(strays).toEqual([]);
  });

  it("the forms' POST / is a contract's too", () => {
    const defined = new Set(allRoutes.map((route) => key(route.method, route.pattern)));
    expect(registered.some((r) => r.url === '/' && r.method === 'POST')).toBe(true);
    expect(defined.has('POST /')).toBe(true);
  });

  it('no two definitions share a method and path', () => {
    const keys = allRoutes.map((route) => key(route.method, route.pattern));
    expect(keys.length - new Set(keys).size).toBe(0);
  });

  it('every served contract under /api is registered (or is better-auth’s)', () => {
    const served = new Set(registered.map((r) => key(r.method, r.url)));
    const missing = allRoutes
      .filter((route) => route.pattern.startsWith('/api/'))
      .filter((route) => !route.pattern.startsWith(`${AUTH_API}/`))
      .map((route) => key(route.method, route.pattern))
      .filter((k) => !served.has(k));
    expect(missing).toEqual([]);
  });
});
