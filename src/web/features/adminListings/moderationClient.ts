/**
 * The moderators' calls (issue 16 item 7) through the one API client. A signed-in
 * administrator's cookie goes with every same-origin call; an ADMIN_TOKEN typed into an admin
 * page is sent as a bearer token (kept in memory only: src/web/lib/adminToken.ts).
 */
import type { ApiRoute, ResponseOf } from '../../../contracts/api/apiRoute.ts';
import type { Result } from '../../../contracts/result.ts';
import { adminAuthHeaders } from '../../lib/adminToken.ts';
import { callApi, type CallInput } from '../../lib/apiClient.ts';

export function callModeration<T extends ApiRoute>(
  route: T,
  input: CallInput<T> = {},
  fetchImpl?: typeof fetch,
): Promise<Result<ResponseOf<T>>> {
  return callApi(route, input, {
    headers: adminAuthHeaders(),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

/** 401 or 403: the server does not take the caller for an administrator. */
export const isRefusal = (status: number | undefined) => status === 401 || status === 403;
