/**
 * registerRoute on a bare Fastify (issue 15 item 1): the actor and session user come from test
 * headers, and ApiError is answered as the app's error handler answers it (src/server/app.ts).
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../contracts/api/apiRoute.ts';
import type { SessionUser } from '../auth/actor.ts';
import { ApiError } from '../services/errors.ts';
import type { Actor } from '../services/tableRegistry.ts';
import { registerRoute } from './registerRoute.ts';

const ORIGIN = 'https://chanterlab.example.org';
const user: SessionUser = {
  id: 'u1',
  email: 'u@example.org',
  name: 'U',
  roles: ['user'],
  initials: null,
  localUserId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const routes = {
  echo: defineRoute({
    method: 'POST',
    pattern: '/api/echo/:id',
    summary: 'test',
    params: z.object({ id: z.coerce.number().int() }),
    query: z.object({ loud: z.enum(['yes', 'no']).optional() }),
    body: z.object({ name: z.string().min(1, 'Name is required') }),
    response: z.object({ id: z.number(), name: z.string() }),
  }),
  bare: defineRoute({
    method: 'GET',
    pattern: '/api/bare',
    summary: 'test',
    envelope: 'bare',
    response: z.object({ ok: z.literal(true) }),
  }),
  mine: defineRoute({
    method: 'GET',
    pattern: '/api/mine',
    summary: 'test',
    auth: 'user',
    response: z.string(),
  }),
  admin: defineRoute({
    method: 'DELETE',
    pattern: '/api/admin-thing',
    summary: 'test',
    auth: 'admin',
    response: z.boolean(),
  }),
  drifted: defineRoute({
    method: 'GET',
    pattern: '/api/drifted',
    summary: 'test',
    response: z.object({ n: z.number() }),
  }),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): Actor {
      const who = this.headers['x-test-who'];
      if (who === 'admin' || who === 'token') return { kind: 'admin' };
      if (who === 'user') return { kind: 'user', userId: user.id, roles: ['user'] };
      return { kind: 'anonymous' };
    },
  });
  app.addHook('onRequest', async (request) => {
    const who = request.headers['x-test-who'];
    if (who === 'user' || who === 'admin') {
      request.sessionUser = { ...user, roles: who === 'admin' ? ['admin'] : ['user'] };
    }
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ error: { message: error.message, code: error.code } });
    }
    return reply.code(500).send({ error: { message: 'Internal error', code: 'internal' } });
  });
  const origins = [ORIGIN];
  registerRoute(app, routes.echo, { origins }, async ({ params, body, query }) => ({
    id: params.id,
    name: query.loud === 'yes' ? body.name.toUpperCase() : body.name,
  }));
  registerRoute(app, routes.bare, { origins }, async () => ({ ok: true as const }));
  registerRoute(app, routes.mine, { origins }, async ({ user: who }) => who!.id);
  registerRoute(app, routes.admin, { origins }, async () => true);
  registerRoute(app, routes.drifted, { origins }, async () => ({ n: 'one' }) as never);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('issue 15.1: registerRoute', () => {
  it('parses params, query and body with the route and wraps the answer in { data }', async () => {
    const res = await post('/api/echo/7?loud=yes', { name: 'reel' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 7, name: 'REEL' } });
  });

  it('a bare route answers its value as is', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bare' });
    expect(res.json()).toEqual({ ok: true });
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const body = await post('/api/echo/7', { name: '' });
    expect(body.statusCode).toBe(400);
    expect(body.json().error).toEqual({ message: 'name: Name is required', code: 'validation' });
    const param = await post('/api/echo/seven', { name: 'x' });
    expect(param.statusCode).toBe(400);
    expect(param.json().error.message).toMatch(/^id: /);
    const query = await post('/api/echo/7?loud=maybe', { name: 'x' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.message).toMatch(/^loud: /);
  });

  it("'user' routes: 401 without a session, the user's answer with one", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/mine' })).statusCode).toBe(401);
    const token = await app.inject({
      method: 'GET',
      url: '/api/mine',
      headers: { 'x-test-who': 'token' },
    });
    expect(token.statusCode).toBe(401);
    const mine = await app.inject({
      method: 'GET',
      url: '/api/mine',
      headers: { 'x-test-who': 'user' },
    });
    expect(mine.json()).toEqual({ data: 'u1' });
  });

  it("'admin' routes: 401 anonymous, 403 a plain user, allowed for an administrator or the token", async () => {
    const call = (who?: string, origin?: string) =>
      app.inject({
        method: 'DELETE',
        url: '/api/admin-thing',
        headers: { ...(who ? { 'x-test-who': who } : {}), ...(origin ? { origin } : {}) },
      });
    expect((await call()).statusCode).toBe(401);
    expect((await call('user', ORIGIN)).statusCode).toBe(403);
    expect((await call('admin', ORIGIN)).json()).toEqual({ data: true });
    expect((await call('token')).json()).toEqual({ data: true });
  });

  it('a write carrying a session must come from the site; one without a session need not', async () => {
    const forged = await post('/api/echo/1', { name: 'x' }, { 'x-test-who': 'user' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('invalid_origin');
    const foreign = await post(
      '/api/echo/1',
      { name: 'x' },
      { 'x-test-who': 'user', origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const ours = await post('/api/echo/1', { name: 'x' }, { 'x-test-who': 'user', origin: ORIGIN });
    expect(ours.statusCode).toBe(200);
    expect((await post('/api/echo/1', { name: 'x' })).statusCode).toBe(200);
  });

  it('an answer that drifted from its schema is a server error outside production', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/drifted' });
    expect(res.statusCode).toBe(500);
  });
});
