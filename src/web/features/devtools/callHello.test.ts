import { describe, expect, it, vi } from 'vitest';
import { callHello, HELLO_URL } from './callHello.ts';

const answer = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

describe('callHello', () => {
  it('R-7.DEVTEST-01 GETs /api/hello and answers its JSON', async () => {
    const fetch = answer('{"message":"Hello"}');
    expect(await callHello(fetch)).toEqual({ data: { message: 'Hello' }, error: null });
    expect(fetch).toHaveBeenCalledWith(HELLO_URL, expect.not.objectContaining({ method: 'POST' }));
    expect(HELLO_URL).toBe('/api/hello');
  });

  it('R-2.1.DEVTEST-03 an error answer gives the server message, or the status', async () => {
    expect((await callHello(answer('{"error":{"message":"Nope"}}', 500))).error?.message).toBe(
      'Nope',
    );
    expect((await callHello(answer('<html>', 502))).error).toEqual({
      message: 'The hello function failed with status 502',
      code: 'http_error',
      status: 502,
    });
    expect((await callHello(answer('{}', 404))).error?.message).toBe(
      'The hello function failed with status 404',
    );
  });

  it('R-2.1.DEVTEST-03 an answer that is not JSON is an error', async () => {
    expect((await callHello(answer('hello'))).error?.message).toBe(
      'The hello function did not answer JSON',
    );
  });

  it('R-2.1.DEVTEST-03 a network failure is an error, never a throw', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await callHello(fetch)).toEqual({
      data: null,
      error: {
        message: 'Could not reach the hello function: Failed to fetch',
        code: 'network_error',
      },
    });
  });
});
