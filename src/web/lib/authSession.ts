/**
 * The visitor's login state (spec §4 'Authentication': read at load, follows sign-in and
 * sign-out; §7 'Get the current session, subscribe to auth state changes, sign out').
 * Deliberately tiny — plain fetch, no auth client library, not even the API client, whose
 * route definitions bring zod — because the layout imports it and the first page has a byte
 * budget (issue 15 item 1). The paths are the contract's own (accountApi.ts, which
 * accountRoutes.ts builds on) and the answer's type is the contract's. Other tabs hear of sign-in and sign-out through a
 * BroadcastChannel and read the session again.
 *
 * Issue 18 item 1: whenever the server says nobody is signed in (sign-out here or in another
 * tab, account deletion, an expired session — the API client asks again on a 401), or another
 * user is, what the service worker kept for the last user is cleared (clearUserCaches.ts). A
 * read that got no answer (offline, the server down) proves nothing and clears nothing.
 */
import { accountApi, type SessionUser } from '../../contracts/accountApi.ts';
import type { ResponseOf } from '../../contracts/api/apiRoute.ts';
import type { accountRoutes } from '../../contracts/api/accountRoutes.ts';
import { clearUserCaches } from './offline/clearUserCaches.ts';

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
/**
 * Before the first answer, and what the prerendered first view shows. One object for both, so
 * hydration's snapshot equals the store's and React need not re-render the layout at once
 * (a synchronous render in the hydration's effects task, issue 21 item 3).
 */
export const LOADING: AuthSnapshot = { status: 'loading', user: null };
const CHANNEL = 'chanterlab-auth';

export function snapshotOf(answer: SessionAnswer): AuthSnapshot {
  return answer.user ? { status: 'signed-in', user: answer.user } : SIGNED_OUT;
}

export function createAuthSession(
  initial: AuthSnapshot = SIGNED_OUT,
  fetchImpl: Fetch = (input, init) => fetch(input, init),
  clearCaches: () => Promise<void> = clearUserCaches,
) {
  let snapshot = initial;
  let started = initial.status !== 'loading';
  const listeners = new Set<Listener>();
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : undefined;
  let clearing: Promise<void> = Promise.resolve();

  function show(next: AuthSnapshot) {
    snapshot = next;
    for (const l of listeners) l();
  }

  /** What is known to be true: signed out, or who is signed in. */
  function set(next: AuthSnapshot) {
    const before = snapshot.user?.id;
    if (next.status === 'signed-out' || (before !== undefined && next.user?.id !== before)) {
      clearing = clearCaches();
    }
    show(next);
  }

  /** Reads the session from the server; a failed read leaves the visitor signed out. */
  async function refresh(): Promise<AuthSnapshot> {
    try {
      const response = await fetchImpl(accountApi.session, {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (response.ok) set(snapshotOf((await response.json()) as SessionAnswer));
      else if (response.status === 401) set(SIGNED_OUT);
      else show(SIGNED_OUT);
    } catch {
      show(SIGNED_OUT);
    }
    await clearing;
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
        await clearing;
        channel?.postMessage('changed');
      }
    },
  };
}

export type AuthSession = ReturnType<typeof createAuthSession>;

const inBrowser = typeof window !== 'undefined' && typeof fetch === 'function';

export const authSession = createAuthSession(inBrowser ? LOADING : SIGNED_OUT);
