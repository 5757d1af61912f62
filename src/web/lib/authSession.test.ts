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
