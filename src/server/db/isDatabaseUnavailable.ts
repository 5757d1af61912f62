/**
 * Tells a lost or refused database connection from any other failure (issue 13 item 6). Such a
 * request is answered 503 `database_unavailable` (app.ts): the server is fine, PostgreSQL is
 * restarting or away, and the same request will work again once it is back. drizzle wraps the
 * driver's error in DrizzleQueryError, so the `cause` chain is followed.
 */

/**
 * SQLSTATEs of a connection that was refused or cut (PostgreSQL docs, Appendix A):
 * class 08 (connection exception) and 57P01–57P03 (admin/crash shutdown, cannot connect now:
 * the server is starting or stopping), 57P05 (idle session timeout).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
]);

/** Socket errors from node:net while connecting or talking to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool report these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function matches(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))
  )
    return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m));
}

/** The driver's code (SQLSTATE or socket error) under drizzle's wrapper, for a log line. */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Bounded walk: a cause cycle must not hang the error handler.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (matches(current)) return true;
    // An AggregateError (a dual-stack connect refused on ::1 and 127.0.0.1) carries its parts.
    const parts = (current as { errors?: unknown }).errors;
    if (Array.isArray(parts) && parts.some(matches)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
