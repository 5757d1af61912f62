import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../contracts/api/apiRoute.ts';
import { callApi, type EtagCache } from './apiClient.ts';
import { authSession } from './authSession.ts';

const thing = z.object({ id: z.number(), name: z.string() });
const getThing = defineRoute({
  method: 'GET',
  pattern: '/api/things/:id',
  summary: 'test',
  params: z.object({ id: z.number() }),
  response: thing,
});
const bareThing = defineRoute({
  method: 'POST',
  pattern: '/api/bare',
  summary: 'test',
  envelope: 'bare',
  body: z.object({ name: z.string() }),
  response: thing,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const answering = (...responses: Array<() => Response | Promise<Response>>) =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => responses.shift()!());

describe('issue 15.1: callApi', () => {
  it('unwraps a { data } answer and checks it against the route', async () => {
    const fetch = answering(() => json(200, { data: { id: 7, name: 'x' } }));
    expect(await callApi(getThing, { params: { id: 7 } }, { fetch })).toEqual({
      data: { id: 7, name: 'x' },
      error: null,
    });
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/things/7');
    expect(fetch.mock.calls[0]![1]!.method).toBe('GET');
  });

  it('reads a bare answer as is, and sends the body as JSON', async () => {
    const fetch = answering(() => json(200, { id: 1, name: 'b' }));
    const result = await callApi(bareThing, { body: { name: 'b' } }, { fetch });
    expect(result).toEqual({ data: { id: 1, name: 'b' }, error: null });
    const init = fetch.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ name: 'b' });
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('a { data } route whose answer lacks data, or a bare answer of the wrong shape, is a bad answer', async () => {
    const noData = await callApi(
      getThing,
      { params: { id: 1 } },
      { fetch: answering(() => json(200, { id: 1, name: 'x' })) },
    );
    expect(noData.error).toMatchObject({ code: 'invalid_response', status: 200 });
    const wrong = await callApi(
      bareThing,
      { body: { name: 'b' } },
      { fetch: answering(() => json(200, { id: 'one', name: 'b' })) },
    );
    expect(wrong).toEqual({
      data: null,
      error: { message: 'Invalid response from the server', code: 'invalid_response', status: 200 },
    });
  });

  it('the badAnswer words get where the answer went wrong', async () => {
    const wrong = await callApi(
      bareThing,
      { body: { name: 'b' } },
      {
        fetch: answering(() => json(200, { id: 'one', name: 'b' })),
        messages: { badAnswer: (detail) => `bad: ${detail}` },
      },
    );
    expect(wrong.error?.message).toMatch(/^bad: id /);
  });

  it('a success that is not JSON is a bad answer', async () => {
    const result = await callApi(
      getThing,
      { params: { id: 1 } },
      { fetch: answering(() => new Response('<html>', { status: 200 })) },
    );
    expect(result.error).toMatchObject({ code: 'invalid_response', status: 200 });
  });

  it("a refusal with { error } carries the server's message and code", async () => {
    const result = await callApi(
      getThing,
      { params: { id: 1 } },
      { fetch: answering(() => json(404, { error: { message: 'No such thing', code: 'nope' } })) },
    );
    expect(result).toEqual({
      data: null,
      error: { message: 'No such thing', code: 'nope', status: 404 },
    });
  });

  it("a refusal in better-auth's shape ({ message, code }) reads the same way", async () => {
    const result = await callApi(
      getThing,
      { params: { id: 1 } },
      { fetch: answering(() => json(403, { message: 'Banned', code: 'BANNED_USER' })) },
    );
    expect(result.error).toEqual({ message: 'Banned', code: 'BANNED_USER', status: 403 });
  });

  it('a refusal without an error body (or not JSON) is http_error with the status', async () => {
    const plain = await callApi(
      getThing,
      { params: { id: 1 } },
      { fetch: answering(() => new Response('Bad Gateway', { status: 502 })) },
    );
    expect(plain.error).toEqual({
      message: 'Request failed with status 502',
      code: 'http_error',
      status: 502,
    });
    const worded = await callApi(
      getThing,
      { params: { id: 1 } },
      {
        fetch: answering(() => json(500, { status: 'down' })),
        messages: { failed: (status) => `It broke (${status}).` },
      },
    );
    expect(worded.error?.message).toBe('It broke (500).');
  });

  it('a network failure is an error, never a throw', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await callApi(getThing, { params: { id: 1 } }, { fetch })).toEqual({
      data: null,
      error: { message: 'Could not reach the server: Failed to fetch', code: 'network_error' },
    });
  });

  it("issue 18.1: a network failure while the browser is offline says 'You're offline' plainly", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const fetch = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      expect(await callApi(getThing, { params: { id: 1 } }, { fetch })).toEqual({
        data: null,
        error: {
          message: "You're offline: this needs a connection to the server.",
          code: 'network_error',
        },
      });
    } finally {
      onLine.mockRestore();
    }
  });

  it('an aborted call and a timed-out call are told apart', async () => {
    const hang = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    const controller = new AbortController();
    const pending = callApi(
      getThing,
      { params: { id: 1 } },
      { fetch: hang, signal: controller.signal },
    );
    controller.abort();
    expect((await pending).error?.code).toBe('aborted');
    const timeout = new AbortController();
    const late = callApi(getThing, { params: { id: 1 } }, { fetch: hang, signal: timeout.signal });
    timeout.abort(new DOMException('late', 'TimeoutError'));
    expect((await late).error?.code).toBe('timeout');
  });

  it('a missing path parameter is refused before any request', async () => {
    const fetch = answering();
    const result = await callApi(getThing, {}, { fetch });
    expect(result.error).toMatchObject({ code: 'bad_request' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an ETag cache sends If-None-Match and answers a 304 from memory', async () => {
    const etags: EtagCache = new Map();
    const fetch = answering(
      () => json(200, { data: { id: 1, name: 'x' } }, { etag: 'W/"1"' }),
      () => new Response(null, { status: 304 }),
    );
    await callApi(getThing, { params: { id: 1 } }, { fetch, etags });
    const again = await callApi(getThing, { params: { id: 1 } }, { fetch, etags });
    expect((fetch.mock.calls[1]![1]!.headers as Record<string, string>)['if-none-match']).toBe(
      'W/"1"',
    );
    expect(again).toEqual({ data: { id: 1, name: 'x' }, error: null });
  });

  it("an environment's API root replaces the path's /api prefix; headers are added", async () => {
    const fetch = answering(() => json(200, { data: { id: 1, name: 'x' } }));
    await callApi(
      getThing,
      { params: { id: 1 } },
      { fetch, apiRoot: 'https://staging.example.org/api/', headers: { 'x-key': 'k' } },
    );
    expect(String(fetch.mock.calls[0]![0])).toBe('https://staging.example.org/api/things/1');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>)['x-key']).toBe('k');
  });
});

describe('issue 18.1: a 401 on a signed-in page', () => {
  it('issue 18.1: reads the session again (which signs out and clears the offline caches); never when signed out', async () => {
    const refresh = vi.spyOn(authSession, 'refresh').mockResolvedValue({
      status: 'signed-out',
      user: null,
    });
    const snapshot = vi.spyOn(authSession, 'getSnapshot');
    const refused = () =>
      Promise.resolve(
        new Response(
          JSON.stringify({ error: { message: 'Please sign in.', code: 'unauthorized' } }),
          {
            status: 401,
          },
        ),
      );
    snapshot.mockReturnValue({ status: 'signed-out', user: null });
    await callApi(getThing, { params: { id: 1 } }, { fetch: refused });
    expect(refresh).not.toHaveBeenCalled();
    snapshot.mockReturnValue({ status: 'signed-in', user: { id: 'u', email: 'a@b.c', roles: [] } });
    const answer = await callApi(getThing, { params: { id: 1 } }, { fetch: refused });
    expect(answer.error?.status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Another origin's 401 says nothing about this site's session.
    await callApi(
      getThing,
      { params: { id: 1 } },
      { fetch: refused, baseUrl: 'https://other.example' },
    );
    expect(refresh).toHaveBeenCalledTimes(1);
    refresh.mockRestore();
    snapshot.mockRestore();
  });
});
