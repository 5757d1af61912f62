import { describe, expect, it, vi } from 'vitest';
import { createAuthSession } from './authSession.ts';

const answer = (body: unknown, ok = true) =>
  Promise.resolve({ ok, json: () => Promise.resolve(body) } as Response);

describe('authSession', () => {
  it('R-4.AUTH-01 R-7.AUTH-01 reads the session when first subscribed', async () => {
    const user = { id: 'u1', email: 'a@example.org', roles: ['user'] };
    const fetchImpl = vi.fn(() => answer({ user }));
    const session = createAuthSession({ status: 'loading', user: null }, fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getSnapshot().status));
    await vi.waitFor(() => expect(seen).toEqual(['signed-in']));
    expect(fetchImpl).toHaveBeenCalledWith('/api/account/session', expect.anything());
    expect(session.getSnapshot().user).toEqual(user);
  });

  it('R-4.AUTH-03 R-7.AUTH-03 signs out on the server and follows', async () => {
    const fetchImpl = vi.fn((_url: string, _init?: RequestInit) => answer({}));
    const session = createAuthSession(
      { status: 'signed-in', user: { id: 'u', email: 'a@b.c', roles: [] } },
      fetchImpl,
    );
    await session.signOut();
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/auth/sign-out');
    expect(fetchImpl.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(session.getSnapshot().status).toBe('signed-out');
  });

  it('a failed read leaves the visitor signed out', async () => {
    const session = createAuthSession({ status: 'loading', user: null }, () =>
      Promise.reject(new Error('offline')),
    );
    expect((await session.refresh()).status).toBe('signed-out');
  });
});

describe('issue 18.1: what the worker kept for a user is cleared whenever the browser is seen signed out', () => {
  const alice = { id: 'alice', email: 'a@example.org', roles: ['user'] };
  const signedIn = { status: 'signed-in', user: alice } as const;
  const status = (code: number, body: unknown = {}) =>
    Promise.resolve({
      ok: code < 300,
      status: code,
      json: () => Promise.resolve(body),
    } as Response);

  it('issue 18.1: sign-out here clears before the other tabs are told', async () => {
    const order: string[] = [];
    const clear = vi.fn(async () => void order.push('cleared'));
    const session = createAuthSession(signedIn, () => status(200), clear);
    await session.signOut();
    order.push('done');
    expect(order).toEqual(['cleared', 'done']);
  });

  it('issue 18.1: a session read that says nobody (another tab signed out, the account was deleted) or 401 (expired) clears', async () => {
    for (const answer of [() => status(200, { user: null }), () => status(401)]) {
      const clear = vi.fn(async () => {});
      const session = createAuthSession(signedIn, answer, clear);
      expect((await session.refresh()).status).toBe('signed-out');
      expect(clear).toHaveBeenCalledTimes(1);
    }
    // Account deletion (ProfileScreen) says so itself.
    const clear = vi.fn(async () => {});
    createAuthSession(signedIn, () => status(200), clear).set({ status: 'signed-out', user: null });
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('issue 18.1: another user signed in clears; the same user does not', async () => {
    const clear = vi.fn(async () => {});
    const session = createAuthSession(signedIn, () => status(200, { user: alice }), clear);
    await session.refresh();
    expect(clear).not.toHaveBeenCalled();
    const bob = { ...alice, id: 'bob' };
    const switched = createAuthSession(signedIn, () => status(200, { user: bob }), clear);
    await switched.refresh();
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('issue 18.1: no answer (offline) or a server error proves nothing: nothing is cleared', async () => {
    const clear = vi.fn(async () => {});
    for (const answer of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => status(503),
    ]) {
      const session = createAuthSession(signedIn, answer, clear);
      await session.refresh();
    }
    expect(clear).not.toHaveBeenCalled();
  });
});
