import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from './allRoutes.ts';
import { defineRoute } from './apiRoute.ts';
import { apiTable } from './apiTable.ts';

describe('issue 15.1: npm run api:table', () => {
  it('prints one row per route: method, path, who may call, summary', () => {
    const route = defineRoute({
      method: 'DELETE',
      pattern: '/api/x/:id',
      summary: 'Remove an x | or a y',
      auth: 'admin',
      response: z.null(),
    });
    expect(apiTable([route]).split('\n')).toEqual([
      '| Method | Path | Who may call | What it does |',
      '| --- | --- | --- | --- |',
      '| DELETE | `/api/x/:id` | administrator | Remove an x \\| or a y |',
    ]);
  });

  it('the registry gives every route a summary and a row', () => {
    const table = apiTable(allRoutes).split('\n');
    expect(table).toHaveLength(allRoutes.length + 2);
    expect(allRoutes.every((route) => route.summary.trim().length > 0)).toBe(true);
    expect(table).toContain(
      "| GET | `/api/account` | signed-in user | The signed-in user's own profile |",
    );
  });
});
