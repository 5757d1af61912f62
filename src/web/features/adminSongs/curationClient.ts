/**
 * The curators' calls (issue 15 item 8) through the one API client (src/web/lib/apiClient.ts).
 * A signed-in administrator's session cookie goes with every same-origin call; an ADMIN_TOKEN
 * typed into the page is sent as a bearer token. The token is kept in memory only, never in
 * storage (src/web/lib/adminToken.ts, shared with the other admin pages).
 */
import type { ApiRoute, ResponseOf } from '../../../contracts/api/apiRoute.ts';
import type { Result } from '../../../contracts/result.ts';
import { adminAuthHeaders } from '../../lib/adminToken.ts';
import { callApi, type CallInput } from '../../lib/apiClient.ts';

export function callCuration<T extends ApiRoute>(
  route: T,
  input: CallInput<T> = {},
): Promise<Result<ResponseOf<T>>> {
  return callApi(route, input, { headers: adminAuthHeaders() });
}

/** 401 or 403: the server does not take the caller for an administrator. */
export function isRefusal(status: number | undefined): boolean {
  return status === 401 || status === 403;
}
