/**
 * The developer test's call (spec §2.1 /directfunctiontest, §7 'Developer test'): GET the
 * local server function `hello`. Resolves `{ data, error }`; never throws.
 */
import { fail, ok, type Result } from '../../../contracts/result.ts';

export const HELLO_URL = '/api/hello';

export async function callHello(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<Result<unknown>> {
  let response: Response;
  try {
    response = await fetchImpl(HELLO_URL, { headers: { accept: 'application/json' } });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      `Could not reach the hello function${reason ? `: ${reason}` : ''}`,
      'network_error',
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return response.ok
      ? fail('The hello function did not answer JSON', 'invalid_response', response.status)
      : fail(
          `The hello function failed with status ${response.status}`,
          'http_error',
          response.status,
        );
  }
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    return fail(
      typeof message === 'string' && message
        ? message
        : `The hello function failed with status ${response.status}`,
      'http_error',
      response.status,
    );
  }
  return ok(body);
}
