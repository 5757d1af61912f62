/**
 * The visitor's login state (spec §4 'Authentication': read at load, follows sign-in and
 * sign-out; §7 'Get the current session, subscribe to auth state changes, sign out').
 * Deliberately tiny — plain fetch, no auth client library, not even the API client, whose
 * route definitions bring zod — because the layout imports it and the first page has a byte
 * budget (issue 15 item 1). The paths are the contract's own (accountApi.ts, which
 * accountRoutes.ts builds on) and the answer's type is the contract's. Other tabs hear of sign-in and sign-out through a
 * BroadcastChannel and read the session again.
 */
import { accountApi, type SessionUser } from '../../contracts/accountApi.ts';
import type { ResponseOf } from '../../contracts/api/apiRoute.ts';
import type { accountRoutes } from '../../contracts/api/accountRoutes.ts';

type SessionAnswer = ResponseOf<typeof accountRoutes.session>;

export type { SessionUser };

export interface AuthSnapshot {
  /** 'loading' until the first answer: guards wait rather than send a signed-in user away. */
  readonly status: 'loading' | 'signed-out' | 'signed-in';
  readonly user: SessionUser | null;
}

type Listener = () => void;
type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const SIGNED_OUT: AuthSnapshot = { status: 'signed-out', user: null };
const CHANNEL = 'chanterlab-auth';

export function snapshotOf(answer: SessionAnswer): AuthSnapshot {
  return answer.user ? { status: 'signed-in', user: answer.user } : SIGNED_OUT;
}

export function createAuthSession(
  initial: AuthSnapshot = SIGNED_OUT,
  fetchImpl: Fetch = (input, init) => fetch(input, init),
) {
  let snapshot = initial;
  let started = initial.status !== 'loading';
  const listeners = new Set<Listener>();
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : undefined;

  function set(next: AuthSnapshot) {
    snapshot = next;
    for (const l of listeners) l();
  }

  /** Reads the session from the server; a failed read leaves the visitor signed out. */
  async function refresh(): Promise<AuthSnapshot> {
    try {
      const response = await fetchImpl(accountApi.session, {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      set(response.ok ? snapshotOf((await response.json()) as SessionAnswer) : SIGNED_OUT);
    } catch {
      set(SIGNED_OUT);
    }
    return snapshot;
  }

  channel?.addEventListener('message', () => void refresh());

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: Listener) {
      listeners.add(listener);
      // Spec §4 'Login state is read at load': the first subscriber starts the read.
      if (!started) {
        started = true;
        void refresh();
      }
      return () => listeners.delete(listener);
    },
    set,
    refresh,
    /** After a sign-in on this page: read the session and tell the other tabs. */
    async signedIn(): Promise<AuthSnapshot> {
      const next = await refresh();
      channel?.postMessage('changed');
      return next;
    },
    async signOut() {
      try {
        await fetchImpl(accountApi.signOut, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      } finally {
        set(SIGNED_OUT);
        channel?.postMessage('changed');
      }
    },
  };
}

export type AuthSession = ReturnType<typeof createAuthSession>;

const inBrowser = typeof window !== 'undefined' && typeof fetch === 'function';

export const authSession = createAuthSession(
  inBrowser ? { status: 'loading', user: null } : SIGNED_OUT,
);
