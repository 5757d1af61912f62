/**
 * One definition per API operation (issue 15 item 1; DESIGN 'Where the code drifted': many ways
 * to call the API). The server registers the route from it (src/server/http/registerRoute.ts)
 * and the browser calls it through one client (src/web/lib/apiClient.ts), so the method, the
 * path pattern, the schemas and the answer's shape cannot disagree between the two sides.
 *
 * Zod is a dependency of this module: the first page must not import route definitions
 * (the entry has a byte budget, ADR 020); lazy screens and the server do.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone; a signed-in user who is not banned; an administrator (role 'admin' or
 * the ADMIN_TOKEN bearer). Checked by registerRoute before the handler runs.
 */
export type RouteAuth = 'public' | 'user' | 'admin';

/**
 * How a success is sent: `{ data: … }` (every route born on this surface), or the bare value
 * (routes older than it whose answers other clients already read; kept byte for byte).
 * Failures are always `{ error: { message, code } }` with a 4xx/5xx status.
 */
export type Envelope = 'data' | 'bare';

/** A schema for 'nothing here' (no params, no body). */
export const noInput = z.object({}).strict();
export type NoInput = typeof noInput;
/**
 * A route without a query still ignores one it is given (a cache-buster, a stray `?id=`), as
 * every route did before the contracts (issue 15 item 1: behaviour unchanged): unknown keys are
 * dropped, not refused.
 */
export const noQuery = z.object({});

export interface ApiRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  /** Fastify / react-router style: `/api/library/tunes/:tuneId`. */
  readonly pattern: string;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly response: R;
  readonly auth: RouteAuth;
  readonly envelope: Envelope;
  /** One line for the README's API table. */
  readonly summary: string;
  /** The URL for these params and query (path parameters percent-encoded). */
  build(params: z.input<P>, query?: z.input<Q>): string;
}

export interface RouteSpec<P, Q, B, R> {
  method: HttpMethod;
  pattern: string;
  summary: string;
  auth?: RouteAuth;
  envelope?: Envelope;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function defineRoute<
  P extends z.ZodType = NoInput,
  Q extends z.ZodType = typeof noQuery,
  B extends z.ZodType = NoInput,
  R extends z.ZodType = z.ZodType,
>(spec: RouteSpec<P, Q, B, R>): ApiRoute<P, Q, B, R> {
  return {
    method: spec.method,
    pattern: spec.pattern,
    summary: spec.summary,
    auth: spec.auth ?? 'public',
    envelope: spec.envelope ?? 'data',
    params: (spec.params ?? noInput) as P,
    query: (spec.query ?? noQuery) as Q,
    body: (spec.body ?? noInput) as B,
    response: spec.response,
    build(params, query) {
      const values = (params ?? {}) as Record<string, unknown>;
      const path = spec.pattern.replace(PARAM, (_match, name: string) => {
        const value = values[name];
        if (value === undefined || value === null || value === '') {
          throw new Error(`${spec.pattern}: missing path parameter '${name}'`);
        }
        return encodeURIComponent(String(value));
      });
      return `${path}${queryString(query)}`;
    },
  };
}

/** The types a route's caller and handler see. */
export type ParamsOf<T> =
  T extends ApiRoute<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type QueryOf<T> =
  T extends ApiRoute<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.infer<Q> : never;
export type BodyOf<T> =
  T extends ApiRoute<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.infer<B> : never;
export type ResponseOf<T> =
  T extends ApiRoute<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
export type ParamsInputOf<T> =
  T extends ApiRoute<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryInputOf<T> =
  T extends ApiRoute<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyInputOf<T> =
  T extends ApiRoute<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
