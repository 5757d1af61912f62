/**
 * Reads an admin endpoint. The server decides (src/server/auth/actor.ts): a signed-in
 * administrator's session cookie goes with every same-origin request, and an ADMIN_TOKEN typed
 * into the page is sent as a bearer token. The token is kept in memory only: it lasts while
 * the administrator moves between admin pages and is gone on reload, never written to storage.
 */
let token = '';

export function adminToken(): string {
  return token;
}

export function setAdminToken(next: string): void {
  token = next;
}

export class AdminRefusedError extends Error {
  override readonly name = 'AdminRefusedError';
}

export async function adminFetch<T>(
  url: string,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<T> {
  const response = await fetchImpl(url, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
  });
  if (response.status === 401 || response.status === 403) {
    throw new AdminRefusedError('Only administrators can read this page.');
  }
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  return (await response.json()) as T;
}
