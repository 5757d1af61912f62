/**
 * The ADMIN_TOKEN an administrator typed into an admin page (issue 8; issue 15 item 8). Kept in
 * memory only, never in storage: it lasts while the administrator moves between admin pages —
 * /admin/* and /admin-songs share it — and is gone on reload. The server decides what it is
 * worth (src/server/auth/actor.ts); a signed-in administrator needs none.
 */
let token = '';

export function adminToken(): string {
  return token;
}

export function setAdminToken(next: string): void {
  token = next;
}

/** The bearer header for the typed token, or nothing. */
export function adminAuthHeaders(): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}
