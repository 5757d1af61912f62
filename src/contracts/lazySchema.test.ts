import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';

describe('lazySchema (issue 21.3: schemas built on first use, not at module evaluation)', () => {
  it('issue 21.3: builds nothing until the schema is used, then once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().min(1) });
    });
    expect(builds).toBe(0);
    expect(schema.safeParse({ name: 'Scotland the Brave' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
    expect(() => schema.parse({})).toThrow();
    expect(builds).toBe(1);
  });

  it('issue 21.3: stands for the schema inside other schemas, in derived schemas and types', () => {
    const tune = lazySchema(() => z.object({ id: z.string(), tempo: z.number().int() }));
    const list = z.object({ tunes: z.array(tune).max(2), first: tune.nullable() });
    const named = tune.extend({ title: z.string() });
    const value: z.infer<typeof list> = { tunes: [{ id: 'a', tempo: 80 }], first: null };
    expect(list.parse(value)).toEqual(value);
    expect(list.safeParse({ tunes: [{ id: 'a', tempo: 1.5 }], first: null }).success).toBe(false);
    expect(named.parse({ id: 'b', tempo: 90, title: 'Bonnie Dundee' }).title).toBe('Bonnie Dundee');
    expect(tune).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(tune.shape)).toEqual(['id', 'tempo']);
  });
});
