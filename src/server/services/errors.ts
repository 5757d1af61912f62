/** An error the API reports to the caller with an HTTP status and a stable code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** For a 429: when the caller may try again, sent as Retry-After (issue 13, item 13). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new ApiError(400, code, message);
export const forbidden = (message = 'Not allowed', code = 'forbidden') =>
  new ApiError(403, code, message);
export const notFound = (message: string, code = 'not_found') => new ApiError(404, code, message);

/**
 * Every 429 the API sends: code 'rate_limited' and a Retry-After in whole seconds (issue 13,
 * item 13; RFC 9110 §10.2.3), whatever limit refused the call.
 */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, 'rate_limited', message, Math.max(1, Math.ceil(retryAfterSeconds)));
