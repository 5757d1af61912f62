import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('system endpoints', () => {
  it('health reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
  });

  it('health answers 503 when the database does not answer', async () => {
    const original = t.database.ping;
    t.database.ping = async () => false;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: { reachable: false } });
    } finally {
      t.database.ping = original;
    }
  });

  it('R-7.DEVTEST-01 GET /api/hello answers JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/hello' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Hello from Chanterlab' });
  });

  it('R-1.ENV-05 /api/config gives each environment a backend URL, public key and project name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const body = res.json();
    expect(body.environment).toBe('production');
    expect(body.environments.production).toEqual({
      backendUrl: '/api',
      publicKey: 'chanterlab-anon',
      projectName: 'Chanterlab',
    });
    expect(body.environments.staging).toBeNull();
    expect(JSON.stringify(body)).not.toContain(t.config.ADMIN_TOKEN);
  });
});
