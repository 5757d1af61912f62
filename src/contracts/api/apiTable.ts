/**
 * The README's API table (issue 15 item 1), printed from the route registry by
 * `npm run api:table`: method, path, who may call, and the route's one-line summary.
 */
import type { ApiRoute, RouteAuth } from './apiRoute.ts';

const who: Record<RouteAuth, string> = {
  public: 'anyone',
  user: 'signed-in user',
  admin: 'administrator',
};

/** Pipes inside a cell would end it. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

export function apiTable(routes: readonly ApiRoute[]): string {
  const lines = ['| Method | Path | Who may call | What it does |', '| --- | --- | --- | --- |'];
  for (const route of routes) {
    lines.push(
      `| ${route.method} | \`${route.pattern}\` | ${who[route.auth]} | ${cell(route.summary)} |`,
    );
  }
  return lines.join('\n');
}
