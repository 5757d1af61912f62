/**
 * The visitor's login state (spec §4 'Authentication': read at load, follows sign-in and
 * sign-out). The accounts issue connects it to the auth server; until then every visitor is
 * anonymous, which is the true state of a server without accounts.
 */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly roles: readonly string[];
}

export interface AuthSnapshot {
  readonly status: 'signed-out' | 'signed-in';
  readonly user: SessionUser | null;
}

type Listener = () => void;

const SIGNED_OUT: AuthSnapshot = { status: 'signed-out', user: null };

export function createAuthSession(initial: AuthSnapshot = SIGNED_OUT) {
  let snapshot = initial;
  const listeners = new Set<Listener>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: AuthSnapshot) {
      snapshot = next;
      for (const l of listeners) l();
    },
    async signOut() {
      snapshot = SIGNED_OUT;
      for (const l of listeners) l();
    },
  };
}

export type AuthSession = ReturnType<typeof createAuthSession>;

export const authSession = createAuthSession();
