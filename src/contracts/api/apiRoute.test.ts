import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from './apiRoute.ts';

const tune = defineRoute({
  method: 'GET',
  pattern: '/api/things/:thingId/parts/:part',
  summary: 'test',
  params: z.object({ thingId: z.string(), part: z.string() }),
  query: z.object({ q: z.string().optional(), tag: z.array(z.string()).optional() }),
  response: z.unknown(),
});

describe('issue 15.1: apiRoute.build', () => {
  it('percent-encodes each path parameter', () => {
    expect(tune.build({ thingId: 'a b/c?d', part: 'é#1' })).toBe(
      '/api/things/a%20b%2Fc%3Fd/parts/%C3%A9%231',
    );
  });

  it('a missing or empty path parameter throws, naming it', () => {
    expect(() => tune.build({ thingId: 'x' } as never)).toThrow(/missing path parameter 'part'/);
    expect(() => tune.build({ thingId: '', part: 'p' })).toThrow(/'thingId'/);
  });

  it('writes the query, repeating a key for each item of an array and skipping absent values', () => {
    expect(tune.build({ thingId: 't', part: 'p' }, { q: 'reel & jig', tag: ['a', 'b'] })).toBe(
      '/api/things/t/parts/p?q=reel+%26+jig&tag=a&tag=b',
    );
    expect(tune.build({ thingId: 't', part: 'p' }, { q: undefined })).toBe('/api/things/t/parts/p');
  });

  it('defaults: public, { data } envelope; a route without a query ignores unknown keys', () => {
    const plain = defineRoute({
      method: 'POST',
      pattern: '/api/x',
      summary: 's',
      response: z.null(),
    });
    expect(plain.auth).toBe('public');
    expect(plain.envelope).toBe('data');
    expect(plain.build({})).toBe('/api/x');
    expect(plain.query.safeParse({ cacheBuster: '1' }).success).toBe(true);
    // A body that was not declared is refused.
    expect(plain.body.safeParse({ extra: 1 }).success).toBe(false);
  });
});
