/**
 * JSON bodies with bounded nesting (issue 13.9). JSON.parse reads a body nested 5,000 deep
 * without complaint, but the first recursive walker after it does not: JSON.stringify in
 * drizzle's jsonb column (client error context) and in the better-auth forwarder threw
 * 'Maximum call stack size exceeded', a 500. No body of ours nests beyond a handful of
 * levels, so the depth is refused at the parser, before any walker sees it, with a 400.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './services/errors.ts';

/** Deepest nesting of arrays and objects a body may have (ours need fewer than 8). */
export const MAX_JSON_DEPTH = 64;

export const tooDeep = () =>
  new ApiError(400, 'too_deep', `JSON may nest at most ${MAX_JSON_DEPTH} levels.`);

/**
 * The deepest nesting in `text`, counted without recursion or allocation and stopping as
 * soon as it passes `limit` (brackets inside strings do not count).
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Replaces Fastify's application/json parser with the same parser (prototype-poisoning
 * checks included) behind the depth check. Registered on the root instance, so every route
 * plugin inherits it.
 */
export function registerBoundedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

/** For bodies that arrive as text (sendBeacon's text/plain): parsed JSON, or null. */
export function parseJsonText(text: string): unknown {
  if (jsonDepthExceeds(text)) throw tooDeep();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
