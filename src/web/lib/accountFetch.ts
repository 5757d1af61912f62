/**
 * JSON calls to the account API (issue 8) with the session cookie: the server's
 * `{ error: { message } }` becomes a thrown Error with that message. Shared by the profile,
 * admin users and mailbox screens.
 */
export class AccountApiError extends Error {
  override readonly name = 'AccountApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function accountFetch<T>(
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    cache: 'no-store',
    ...(init.body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }
      : {}),
  });
  if (!response.ok) {
    let message = `Request failed (${response.status}).`;
    try {
      const body = (await response.json()) as { error?: { message?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      // Keep the status message.
    }
    throw new AccountApiError(response.status, message);
  }
  return (await response.json()) as T;
}
