/**
 * The browser's one data client (spec §7 'Data access', §8 'Data layer', §1 environments).
 * It speaks to the generic data API of src/server/routes/data.ts with the chosen
 * environment's public key; authorization happens on the server, so nothing here is secret
 * (spec §6, R-6.ROLES-10).
 *
 * Every call resolves `{ data, error }` and never throws. On failure data is null and the
 * error is logged and reported (monitoring.ts). When the chosen environment has no backend
 * configuration the client is a stub: every call answers an error saying so, and one console
 * message is logged (spec §1, §8).
 */
import type { z } from 'zod';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import { dataRoutes } from '../../contracts/api/dataRoutes.ts';
import {
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  HIGH_SCORE_TABLE,
  type Filters,
  type Row,
  type Scalar,
} from '../../contracts/data.ts';
import {
  PUBLIC_KEY_HEADER,
  isEnvironmentName,
  type BackendConfig,
  type EnvironmentName,
  type PublicConfig,
} from '../../contracts/environments.ts';
import type { DataError, Result } from '../../contracts/result.ts';
import { callApi } from './apiClient.ts';
import { reportError } from './monitoring.ts';

/** What the data API answers on success: rows, and the count when asked for. */
interface DataResponse {
  readonly data: unknown;
  readonly count?: number;
}

export interface QueryOptions {
  /** Columns to read; all when absent (spec §7). */
  readonly columns?: readonly string[];
  /** Equality filters; a null value matches NULL. */
  readonly filters?: Filters;
  /** Sort column; the server's default is created_at (spec §7). */
  readonly orderBy?: string;
  /** Default false: descending (spec §7). */
  readonly ascending?: boolean;
  /** Rows offset … offset+limit-1; default limit 10, offset 0 (spec §7, §9). */
  readonly limit?: number;
  readonly offset?: number;
  /** Also answer how many rows match the filters. */
  readonly count?: boolean;
}

/** A query's rows plus, when asked for, the number of matching rows. */
export type QueryResult = Result<Row[]> & { readonly count: number | null };

export type ConnectionTestResult =
  | { readonly success: true; readonly count: number }
  | { readonly success: false; readonly message: string };

export interface DataClient {
  getEnvironment(): EnvironmentName;
  /** The chosen environment's backend, or null when its configuration is missing (stub). */
  getBackend(): BackendConfig | null;
  /** Chooses an environment; any name but the three of spec §1 is refused (false). */
  setEnvironment(name: unknown): boolean;
  query(table: string, options?: QueryOptions): Promise<QueryResult>;
  insert(table: string, rowOrRows: Row | readonly Row[]): Promise<Result<Row[]>>;
  update(table: string, match: Filters, values: Row): Promise<Result<Row[]>>;
  delete(table: string, match: Filters): Promise<Result<Row[]>>;
  rpc<T = unknown>(name: string, params?: Record<string, Scalar>): Promise<Result<T>>;
  /** Spec §7: reads the count from tblblasterhighscore with limit 1. */
  testConnection(): Promise<ConnectionTestResult>;
}

export interface DataClientOptions {
  readonly config: PublicConfig;
  /** Injected for tests; the browser's fetch by default. */
  readonly fetch?: typeof fetch;
}

/** Spec §8: the stub's error text says the backend configuration is missing. */
export function missingBackendMessage(environment: EnvironmentName): string {
  return `Backend configuration is missing for the ${environment} environment.`;
}

/** Spec §8: a failed connection test with no message. */
export const UNKNOWN_ERROR = 'Unknown error';

type Operation = 'query' | 'insert' | 'update' | 'delete' | 'rpc';

function fail(error: DataError): Result<never> {
  return { data: null, error };
}

function validationError(schema: z.ZodType, body: unknown): DataError | undefined {
  const parsed = schema.safeParse(body);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { message: `${where}${issue?.message ?? 'Invalid request'}`, code: 'validation' };
}

export function createDataClient(options: DataClientOptions): DataClient {
  const { config } = options;
  // A wrapper, not `options.fetch` itself: window.fetch called as a method of another object
  // throws 'Illegal invocation'.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Spec §1: production by default — the server says which environment it is.
  let environment: EnvironmentName = config.environment;
  const stubNoticeShown = new Set<EnvironmentName>();

  const getBackend = () => config.environments[environment] ?? null;

  function noticeStub() {
    if (getBackend() || stubNoticeShown.has(environment)) return;
    stubNoticeShown.add(environment);
    console.warn(
      `[data] ${missingBackendMessage(environment)} Using a stub client: every call answers an error.`,
    );
  }
  noticeStub();

  /** Logs and reports a failure (spec §8 'Data layer'), then answers it. */
  function failed(operation: Operation, target: string, error: DataError): Result<never> {
    console.error(`[data] ${operation} ${target} failed: ${error.message}`);
    reportError(error, {
      source: 'data',
      operation,
      target,
      environment,
      ...(error.code ? { code: error.code } : {}),
      ...(error.status ? { status: error.status } : {}),
    });
    return fail(error);
  }

  /**
   * One call through the API client (issue 15 item 1) with the environment's API root and
   * public key (spec §1; it identifies, it does not authorize). The body is checked with the
   * route's own schema first, so a bad call is refused without a request.
   */
  async function send(
    operation: Operation,
    target: string,
    route: ApiRoute,
    params: Record<string, string>,
    body: unknown,
  ): Promise<Result<DataResponse>> {
    const backend = getBackend();
    if (!backend) {
      // The stub (spec §8): no request, no report — the one notice was logged already.
      return fail({ message: missingBackendMessage(environment), code: 'missing_configuration' });
    }
    const invalid = validationError(route.body, body);
    if (invalid) return failed(operation, target, invalid);
    const result = await callApi(
      route,
      { params, body },
      {
        fetch: fetchImpl,
        apiRoot: backend.backendUrl,
        headers: { [PUBLIC_KEY_HEADER]: backend.publicKey },
      },
    );
    if (result.error) return failed(operation, target, result.error);
    // The query answers `{ data, count }` (bare); the others answer their rows as `{ data }`.
    return {
      data: route.envelope === 'bare' ? (result.data as DataResponse) : { data: result.data },
      error: null,
    };
  }

  async function rows(
    operation: Exclude<Operation, 'rpc'>,
    table: string,
    body: unknown,
  ): Promise<Result<Row[]> & { count?: number }> {
    const result = await send(operation, table, dataRoutes[operation], { table }, body);
    if (result.error) return result;
    return {
      data: result.data.data as Row[],
      error: null,
      ...(result.data.count === undefined ? {} : { count: result.data.count }),
    };
  }

  const client: DataClient = {
    getEnvironment: () => environment,
    getBackend,

    setEnvironment(name) {
      if (!isEnvironmentName(name)) {
        // Spec §8: logs 'Invalid environment' and gives false; the current one is kept.
        console.error(
          `Invalid environment: ${String(name)}. Use development, staging or production.`,
        );
        return false;
      }
      environment = name;
      noticeStub();
      return true;
    },

    async query(name, options = {}) {
      const body = {
        ...options,
        // Sent explicitly so a request reads as the range it asks for (spec §7, §9).
        limit: options.limit ?? DEFAULT_LIMIT,
        offset: options.offset ?? DEFAULT_OFFSET,
        ascending: options.ascending ?? false,
      };
      const result = await rows('query', name, body);
      return result.error
        ? { ...result, count: null }
        : { data: result.data, error: null, count: result.count ?? null };
    },

    async insert(name, rowOrRows) {
      const { data, error } = await rows('insert', name, { rows: rowOrRows });
      return error ? fail(error) : { data, error };
    },

    async update(name, match, values) {
      const { data, error } = await rows('update', name, { match, values });
      return error ? fail(error) : { data, error };
    },

    async delete(name, match) {
      const { data, error } = await rows('delete', name, { match });
      return error ? fail(error) : { data, error };
    },

    async rpc<T>(name: string, params: Record<string, Scalar> = {}): Promise<Result<T>> {
      const result = await send('rpc', name, dataRoutes.rpc, { name }, { params });
      return result.error ? result : { data: result.data.data as T, error: null };
    },

    async testConnection() {
      const result = await client.query(HIGH_SCORE_TABLE, {
        columns: ['id'],
        count: true,
        limit: 1,
      });
      if (result.error) return { success: false, message: result.error.message || UNKNOWN_ERROR };
      return { success: true, count: result.count ?? 0 };
    },
  };
  return client;
}
