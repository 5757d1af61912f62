/**
 * Issue 17 item 2: the leader board's Battle table, GET /api/battle/leaderboard, on PGlite and
 * (under scripts/with-postgres.sh) PostgreSQL: signed-in players by shown rating, initials
 * only, banned players left out, bounded, briefly cached.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { battleRoutes } from '../../contracts/api/battleRoutes.ts';
import { signIn } from '../auth/testSignIn.ts';
import { databaseRatingStore } from '../battle/databaseRatingStore.ts';
import { authUser } from '../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

describe('issue 17.2: the Battle leader board', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function userId(email: string) {
    const [row] = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, email));
    return row!.id;
  }

  it('issue 17.2: ranks signed-in players by shown rating with games and wins, shows initials only, leaves banned players out, and is bounded', async () => {
    const emails = ['ann@example.org', 'bob@example.org', 'cat@example.org', 'dan@example.org'];
    for (const email of emails) await signIn(t, email);
    const [ann, bob, cat, dan] = await Promise.all(emails.map(userId));
    await t.database.db
      .update(authUser)
      .set({ name: 'Ann Mary Fraser', initials: null })
      .where(eq(authUser.id, ann!));
    await t.database.db
      .update(authUser)
      .set({ initials: 'bm', name: 'Bob MacLeod' })
      .where(eq(authUser.id, bob!));
    await t.database.db.update(authUser).set({ banned: true }).where(eq(authUser.id, dan!));
    const ratings = databaseRatingStore(t.database);
    await ratings.save([
      { userId: ann!, rating: { mu: 31, sigma: 2 }, won: true },
      { userId: bob!, rating: { mu: 28, sigma: 1 }, won: false },
    ]);
    await ratings.save([{ userId: cat!, rating: { mu: 20, sigma: 5 }, won: false }]);
    await ratings.save([{ userId: dan!, rating: { mu: 40, sigma: 1 }, won: true }]);

    const response = await t.app.inject({ method: 'GET', url: battleRoutes.leaderboard.build({}) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=10');
    expect(response.json()).toEqual({
      data: [
        { rank: 1, initials: 'AMF', rating: 25, games: 1, wins: 1 },
        { rank: 2, initials: 'BM', rating: 25, games: 1, wins: 0 },
        { rank: 3, initials: '?', rating: 5, games: 1, wins: 0 },
      ],
    });
    // Equal ratings: more wins first. No name, e-mail or id in the public answer; a player
    // with neither initials nor a name shows as '?'.
    expect(response.body).not.toMatch(/Fraser|example\.org|MacLeod/);
    expect(response.body).not.toContain(ann!);

    const one = await t.app.inject({
      method: 'GET',
      url: battleRoutes.leaderboard.build({}, { limit: 1 }),
    });
    expect(one.json().data).toHaveLength(1);
    for (const limit of ['0', '51', 'lots']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/battle/leaderboard?limit=${limit}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/limit/);
    }
  });

  it('issue 17.2: a new rating shows after the brief cache expires, not on every read', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/battle/leaderboard?limit=50' });
    const [cat] = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'cat@example.org'));
    await databaseRatingStore(t.database).save([
      { userId: cat!.id, rating: { mu: 50, sigma: 1 }, won: true },
    ]);
    const cached = await t.app.inject({ method: 'GET', url: '/api/battle/leaderboard?limit=50' });
    expect(cached.json()).toEqual(before.json());
  });
});
