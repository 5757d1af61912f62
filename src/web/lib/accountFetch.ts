/**
 * Calls to the account API (issue 8) with the session cookie, through the one API client
 * (issue 15 item 1): a failure becomes a thrown AccountApiError carrying the server's message
 * and status. Shared by the profile, admin users and mailbox screens.
 */
import type { ApiRoute, ResponseOf } from '../../contracts/api/apiRoute.ts';
import { callApi, type CallInput, type CallOptions } from './apiClient.ts';

export class AccountApiError extends Error {
  override readonly name = 'AccountApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function accountFetch<T extends ApiRoute>(
  route: T,
  input: CallInput<T> = {},
  options: Pick<CallOptions, 'fetch'> = {},
): Promise<ResponseOf<T>> {
  const result = await callApi(route, input, {
    ...options,
    credentials: 'same-origin',
    messages: { failed: (status) => `Request failed (${status}).` },
  });
  if (result.error) throw new AccountApiError(result.error.status ?? 0, result.error.message);
  return result.data;
}
