/**
 * The one way the web app calls the API (issue 15 item 1): give it a route definition from
 * src/contracts and its inputs, get the project's Result back. Every failure comes back the
 * same way — a network failure, a refusal with the server's `{ error: { message, code } }`, a
 * body that is not JSON, an answer that does not match the route's schema — so no call site
 * reads error bodies itself.
 */
import type {
  ApiRoute,
  BodyInputOf,
  ParamsInputOf,
  QueryInputOf,
  ResponseOf,
} from '../../contracts/api/apiRoute.ts';
import type { DataError, Result } from '../../contracts/result.ts';

export interface CallInput<T extends ApiRoute> {
  readonly params?: ParamsInputOf<T>;
  readonly query?: QueryInputOf<T>;
  readonly body?: BodyInputOf<T>;
}

export interface CallOptions {
  /** Injected for tests; the browser's fetch by default. */
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
  /** Extra headers (the data API's public key, an administrator's bearer token). */
  readonly headers?: Record<string, string>;
  /** Another origin's base URL (the data API may live elsewhere); same origin by default. */
  readonly baseUrl?: string;
}

export const apiMessages = {
  network: 'Could not reach the server. Check your connection and try again.',
  badAnswer: 'The server sent an answer this page does not understand.',
  failed: (status: number) => `Request failed (${status}).`,
} as const;

function failure<T>(error: DataError): Result<T> {
  return { data: null, error };
}

function errorOf(json: unknown): { message?: string; code?: string } {
  if (!json || typeof json !== 'object') return {};
  const error = (json as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return {};
  const { message, code } = error as { message?: unknown; code?: unknown };
  return {
    ...(typeof message === 'string' && message ? { message } : {}),
    ...(typeof code === 'string' && code ? { code } : {}),
  };
}

export async function callApi<T extends ApiRoute>(
  route: T,
  input: CallInput<T> = {},
  options: CallOptions = {},
): Promise<Result<ResponseOf<T>>> {
  const fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  let url: string;
  try {
    url = `${options.baseUrl?.replace(/\/+$/, '') ?? ''}${route.build(input.params ?? {}, input.query)}`;
  } catch (error) {
    return failure({ message: (error as Error).message, code: 'bad_request' });
  }
  const hasBody = input.body !== undefined && route.method !== 'GET';
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: route.method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(hasBody ? { body: JSON.stringify(input.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') {
      return failure({ message: 'The request was cancelled.', code: 'aborted' });
    }
    return failure({ message: apiMessages.network, code: 'network_error' });
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const { message, code } = errorOf(json);
    return failure({
      message: message ?? apiMessages.failed(response.status),
      code: code ?? 'http_error',
      status: response.status,
    });
  }
  const value = route.envelope === 'data' ? (json as { data?: unknown } | undefined)?.data : json;
  const parsed = route.response.safeParse(value);
  if (!parsed.success) {
    return failure({ message: apiMessages.badAnswer, code: 'bad_answer', status: response.status });
  }
  return { data: parsed.data as ResponseOf<T>, error: null };
}
