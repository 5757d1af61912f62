/**
 * The data layer seen from a browser (spec §7 'Data access', §2.1 developer test page): the
 * database test page connects, a high score goes in through the RPC and comes back from the
 * query API, and the `hello` function answers the direct function test page.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';

/** The public (anonymous-role) key of the server's own environment; not a secret. */
const PUBLIC_KEY = 'chanterlab-anon';

interface Answer {
  status: number;
  body: unknown;
}

describe('data layer in Chromium (spec §7)', () => {
  // The spec's plain four-parameter RPC (§7) needs SCORE_SESSIONS=optional (ADR 008).
  const app = useApp({ server: { env: { SCORE_SESSIONS: 'optional' } } });

  it('R-7.DATA-11 /database-test connects to the database and shows the high-score count', async () => {
    const page = await app.open('/database-test');
    await page
      .getByRole('heading', { level: 1, name: 'Database Test' })
      .waitFor({ state: 'visible' });
    await page
      .getByText('Connected', { exact: true })
      .waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByText('Connection failed').count()).toBe(0);
    expect(await page.getByText('Database configuration is incomplete').count()).toBe(0);
    await page.getByText(/Rows in tblblasterhighscore: \d+/).waitFor({ state: 'visible' });
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-7.DATA-10 R-7.HIGHSCORE-07 R-7.DATA-02 a score sent through submit_high_score comes back from the query API', async () => {
    const page = await app.open('/database-test');
    const rows = page.getByText(/Rows in tblblasterhighscore: \d+/);
    await rows.waitFor({ state: 'visible', timeout: 15_000 });
    const countShown = async () => Number((await rows.innerText()).match(/(\d+)/)?.[1]);
    const before = await countShown();

    const localUserId = randomUUID();
    const result = await page.evaluate(
      async ({ key, localUserId }) => {
        const call = async (path: string, body: unknown): Promise<Answer> => {
          const response = await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-chanterlab-key': key },
            body: JSON.stringify(body),
          });
          return { status: response.status, body: await response.json() };
        };
        const submitted = await call('/api/rpc/submit_high_score', {
          params: { p_score: 4321, p_level: 3, p_local_user_id: localUserId, p_initials: 'e2e' },
        });
        const queried = await call('/api/data/tblblasterhighscore/query', {
          filters: { local_user_id: localUserId },
          count: true,
        });
        return { submitted, queried };
      },
      { key: PUBLIC_KEY, localUserId },
    );

    expect(result.submitted.status, JSON.stringify(result.submitted.body)).toBe(200);
    expect(result.queried.status, JSON.stringify(result.queried.body)).toBe(200);
    const { data, count } = result.queried.body as {
      data: Record<string, unknown>[];
      count?: number;
    };
    expect(data).toHaveLength(1);
    expect(count).toBe(1);
    expect(data[0]).toMatchObject({
      score: 4321,
      level: 3,
      struserinitials: 'E2E',
      local_user_id: localUserId,
      user_id: null,
    });
    expect(Number.isNaN(Date.parse(String(data[0]!.created_at)))).toBe(false);

    // The page's own connection test now counts the new row.
    await page.getByRole('button', { name: 'Run Connection Test' }).click();
    await page
      .getByText(`Rows in tblblasterhighscore: ${before + 1}`, { exact: true })
      .waitFor({ state: 'visible', timeout: 15_000 })
      .catch(() => undefined);
    expect(await countShown()).toBe(before + 1);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('the data API refuses a call without the environment key', async () => {
    const response = await fetch(app.url('/api/data/tblblasterhighscore/query'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it('R-2.1.DEVTEST-01 R-2.1.DEVTEST-02 /directfunctiontest shows the JSON returned by hello', async () => {
    const page = await app.open('/directfunctiontest');
    const hello = page.getByText(/Hello from Chanterlab/);
    await hello.first().waitFor({ state: 'visible', timeout: 15_000 });
    expectNoConsoleErrors(page);
    await closePage(page);
  });
});
