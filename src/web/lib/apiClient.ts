/**
 * The one way the web app calls the API (issue 15 item 1): give it a route definition from
 * src/contracts/api and its inputs, get the project's Result back. Every failure comes back the
 * same way — a network failure, a cancelled or timed-out call, a refusal with the server's
 * `{ error: { message, code } }` (or better-auth's `{ message, code }`), a body that is not
 * JSON, an answer that does not match the route's schema — so no call site reads error bodies
 * itself. What some callers need besides (an ETag cache, the data API's public key, another
 * environment's API root, their own words for a failure) are options here, not private fetches.
 */
import type {
  ApiRoute,
  BodyInputOf,
  ParamsInputOf,
  QueryInputOf,
  ResponseOf,
} from '../../contracts/api/apiRoute.ts';
import type { DataError, Result } from '../../contracts/result.ts';
import { authSession } from './authSession.ts';
import { backendEndpoint } from './backendEndpoint.ts';
import { isOnline, OFFLINE_TEXT } from './offline/onlineStatus.ts';

export interface CallInput<T extends ApiRoute> {
  readonly params?: ParamsInputOf<T>;
  readonly query?: QueryInputOf<T>;
  readonly body?: BodyInputOf<T>;
}

/** The words of each failure; a caller whose spec fixes other words passes its own. */
export interface ApiMessages {
  /** The request never got an answer; `reason` is the browser's (e.g. 'Failed to fetch'). */
  network(reason: string): string;
  /** The request never got an answer and the browser says it has no network (issue 18.1). */
  offline: string;
  /** A refusal without a message of the server's. */
  failed(status: number, statusText: string): string;
  /** A success whose body is not JSON or not the route's shape; `detail` says where. */
  badAnswer(detail: string): string;
  aborted: string;
  timedOut: string;
}

/** The data layer's words (spec §8 'Data layer'), older than this client and kept. */
export const apiMessages: ApiMessages = {
  network: (reason) => `Could not reach the server${reason ? `: ${reason}` : ''}`,
  offline: `${OFFLINE_TEXT}: this needs a connection to the server.`,
  failed: (status) => `Request failed with status ${status}`,
  badAnswer: () => 'Invalid response from the server',
  aborted: 'The request was cancelled.',
  timedOut: 'The server took too long to answer.',
};

/** GET answers by URL with their ETag: a 304 is answered from here (scoreService.ts). */
export type EtagCache = Map<string, { readonly etag: string; readonly data: unknown }>;

export interface CallOptions {
  /** Injected for tests; the browser's fetch by default. */
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
  /** Extra headers (the data API's public key, an administrator's bearer token). */
  readonly headers?: Record<string, string>;
  /** Another origin's base URL, put before the path; same origin by default. */
  readonly baseUrl?: string;
  /**
   * An environment's API root (spec §1 backend URL, '/api' or 'https://host/api'): it replaces
   * the path's '/api' prefix (backendEndpoint.ts).
   */
  readonly apiRoot?: string;
  /** Send If-None-Match for GETs found here and answer a 304 from it; store new ETags. */
  readonly etags?: EtagCache;
  readonly messages?: Partial<ApiMessages>;
  /** Unset by default (fetch's own default, 'same-origin'). */
  readonly credentials?: RequestCredentials;
  /** Sees the raw answer before it is read (a redirect's URL, a header). */
  readonly onResponse?: (response: Response) => void;
}

function failure<T>(error: DataError): Result<T> {
  return { data: null, error };
}

/** Our `{ error: { message, code } }`, or better-auth's `{ message, code }`. */
function errorOf(json: unknown): { message?: string; code?: string } {
  if (!json || typeof json !== 'object') return {};
  const nested = (json as { error?: unknown }).error;
  const source = nested && typeof nested === 'object' ? nested : nested === undefined ? json : {};
  const { message, code } = source as { message?: unknown; code?: unknown };
  return {
    // Kept even when empty: the data layer answers 'Unknown error' for it (spec §8, R-8.DATA-06).
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof code === 'string' && code ? { code } : {}),
  };
}

function urlOf(route: ApiRoute, input: CallInput<ApiRoute>, options: CallOptions): string {
  const path = route.build(input.params ?? {}, input.query);
  if (options.apiRoot !== undefined) return backendEndpoint(options.apiRoot, path);
  return `${options.baseUrl?.replace(/\/+$/, '') ?? ''}${path}`;
}

export async function callApi<T extends ApiRoute>(
  route: T,
  input: CallInput<T> = {},
  options: CallOptions = {},
): Promise<Result<ResponseOf<T>>> {
  const words: ApiMessages = { ...apiMessages, ...options.messages };
  const fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  let url: string;
  try {
    url = urlOf(route, input as CallInput<ApiRoute>, options);
  } catch (error) {
    return failure({ message: (error as Error).message, code: 'bad_request' });
  }
  const hasBody = input.body !== undefined && route.method !== 'GET';
  const known = route.method === 'GET' ? options.etags?.get(url) : undefined;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: route.method,
      // Unset, fetch sends cookies to its own origin only; the data API sets none (R-6.ROLES-10).
      ...(options.credentials ? { credentials: options.credentials } : {}),
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(known ? { 'if-none-match': known.etag } : {}),
        ...options.headers,
      },
      ...(hasBody ? { body: JSON.stringify(input.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError') return failure({ message: words.timedOut, code: 'timeout' });
    if (name === 'AbortError') return failure({ message: words.aborted, code: 'aborted' });
    const reason = error instanceof Error ? error.message : String(error);
    // Plainly, when the browser knows it has no network (issue 18 item 1); same code, so
    // callers that branch on a network failure still do.
    const message = isOnline() ? words.network(reason) : words.offline;
    return failure({ message, code: 'network_error' });
  }
  options.onResponse?.(response);
  if (response.status === 304 && known) {
    return { data: known.data as ResponseOf<T>, error: null };
  }
  let json: unknown;
  let isJson = true;
  try {
    json = await response.json();
  } catch {
    isJson = false;
  }
  const { status } = response;
  if (status === 401 && options.baseUrl === undefined && options.apiRoot === undefined) {
    // Issue 18 item 1: a session this page thought was signed in has ended (expired, signed
    // out elsewhere): read it again, which signs the page out and clears what the service
    // worker kept for that user (authSession.ts).
    if (authSession.getSnapshot().status === 'signed-in') void authSession.refresh();
  }
  if (!response.ok) {
    const { message, code } = errorOf(json);
    return failure({
      message: message ?? words.failed(status, response.statusText),
      code: code ?? 'http_error',
      status,
    });
  }
  // A body that is not JSON reads as undefined: a route whose answer may be anything (a
  // redirect to a page) accepts it, every other route calls it a bad answer.
  const enveloped = route.envelope === 'data';
  if (enveloped && (!json || typeof json !== 'object' || !('data' in json))) {
    const detail = isJson ? 'no data' : 'not JSON';
    return failure({ message: words.badAnswer(detail), code: 'invalid_response', status });
  }
  const parsed = route.response.safeParse(enveloped ? (json as { data: unknown }).data : json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = isJson
      ? `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim()
      : 'not JSON';
    return failure({ message: words.badAnswer(detail), code: 'invalid_response', status });
  }
  const etag = response.headers.get('etag');
  if (route.method === 'GET' && options.etags && etag) {
    options.etags.set(url, { etag, data: parsed.data });
  }
  return { data: parsed.data as ResponseOf<T>, error: null };
}
