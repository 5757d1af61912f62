/**
 * One call to the data API, every outcome turned into `{ data, error }` (spec §8 'Data
 * layer'): network failures, error answers and unreadable answers become an error, never a
 * throw. Logging and reporting are the caller's (dataClient.ts), which knows the operation.
 */
import type { BackendConfig } from '../../contracts/environments.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import type { DataError, Result } from '../../contracts/result.ts';
import { backendEndpoint } from './backendEndpoint.ts';

/** What the data API answers on success (src/server/routes/data.ts). */
export interface DataResponse {
  readonly data: unknown;
  readonly count?: number;
}

function failure(message: string, code: string, status?: number): Result<never> {
  const error: DataError = { message, code, ...(status === undefined ? {} : { status }) };
  return { data: null, error };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function apiError(body: unknown): { message: string; code?: string } | undefined {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const { message, code } = error as { message?: unknown; code?: unknown };
  if (typeof message !== 'string') return undefined;
  return { message, ...(typeof code === 'string' ? { code } : {}) };
}

export async function sendDataRequest(
  fetchImpl: typeof fetch,
  backend: BackendConfig,
  apiPath: string,
  body: unknown,
): Promise<Result<DataResponse>> {
  let response: Response;
  try {
    response = await fetchImpl(backendEndpoint(backend.backendUrl, apiPath), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        // The environment's public key (spec §1); it identifies, it does not authorize.
        [PUBLIC_KEY_HEADER]: backend.publicKey,
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failure(`Could not reach the server${reason ? `: ${reason}` : ''}`, 'network_error');
  }
  const json = await readJson(response);
  if (!response.ok) {
    const known = apiError(json);
    if (known) return failure(known.message, known.code ?? 'http_error', response.status);
    return failure(`Request failed with status ${response.status}`, 'http_error', response.status);
  }
  if (!json || typeof json !== 'object' || !('data' in json)) {
    return failure('Invalid response from the server', 'invalid_response', response.status);
  }
  const { data, count } = json as { data: unknown; count?: unknown };
  return { data: { data, ...(typeof count === 'number' ? { count } : {}) }, error: null };
}
