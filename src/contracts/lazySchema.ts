/**
 * A zod schema built on its first use instead of when its module is evaluated (issue 21 item 3,
 * 'No long tasks on load').
 *
 * Building zod 4 schemas is not free, and the first schemas a page builds also pay for V8
 * compiling zod's own functions: /flashcards and /progress evaluated the practice record's
 * schemas in one ~60 ms task at Lighthouse's 4× CPU slowdown, before hydrating, though they
 * are only needed to read a stored record. The value returned stands for the schema
 * everywhere (parse, compose into other schemas, `z.infer`), so modules keep exporting
 * schemas as values; the server, which uses them all, builds each on its first request.
 *
 * Every proxy trap forwards to the built schema. The proxy's own target is an empty object,
 * so a property descriptor is reported configurable (a proxy may not report a
 * non-configurable property its target lacks); nothing in zod reads descriptors of a schema.
 */
import type { z } from 'zod';

export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
