/**
 * Reads an admin endpoint. The server decides (src/server/auth/actor.ts): a signed-in
 * administrator's session cookie goes with every same-origin request, and an ADMIN_TOKEN typed
 * into the page is sent as a bearer token. The token is kept in memory only: it lasts while
 * the administrator moves between admin pages and is gone on reload, never written to storage.
 */
import type { ApiRoute } from '../../../contracts/api/apiRoute.ts';
import { adminAuthHeaders } from '../../lib/adminToken.ts';
import { callApi } from '../../lib/apiClient.ts';

export class AdminRefusedError extends Error {
  override readonly name = 'AdminRefusedError';
}

/**
 * One admin read through the API client (issue 15 item 1). A 401 or 403 is AdminRefusedError;
 * any other failure an Error with the server's message.
 */
export async function adminFetch<T>(
  route: ApiRoute,
  query: Record<string, string | number> = {},
  fetchImpl?: typeof fetch,
): Promise<T> {
  const result = await callApi(
    route,
    { query },
    {
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      credentials: 'same-origin',
      headers: adminAuthHeaders(),
      messages: { failed: (status) => `The server answered ${status}.` },
    },
  );
  if (result.error) {
    if (result.error.status === 401 || result.error.status === 403) {
      throw new AdminRefusedError('Only administrators can read this page.');
    }
    throw new Error(result.error.message);
  }
  // The screens name the row types the contract checks loosely (adminRoutes.ts).
  return result.data as T;
}
