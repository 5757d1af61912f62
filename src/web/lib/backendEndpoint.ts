/**
 * Where a data-API path lives on an environment's backend (spec §1: each environment has a
 * backend URL). The backend URL is the API root — the server's own environment defaults to
 * '/api' (src/server/config.ts) — and `dataApi` paths start with '/api', so the root replaces
 * that prefix: ('/api', '/api/data/t/query') → '/api/data/t/query';
 * ('https://staging.example.org/api', …) → 'https://staging.example.org/api/data/t/query'.
 */
const API_PREFIX = '/api';

export function backendEndpoint(backendUrl: string, apiPath: string): string {
  const root = backendUrl.replace(/\/+$/, '');
  const path = apiPath.startsWith(`${API_PREFIX}/`) ? apiPath.slice(API_PREFIX.length) : apiPath;
  return `${root}${path.startsWith('/') ? '' : '/'}${path}`;
}
