/**
 * The public configuration (spec §1: environments, site URL, captcha site key), loaded once
 * from the server's /api/config and checked against the shared contract. Only public values
 * exist there (spec §6, R-6.ROLES-10: no secret reaches the browser).
 */
import { systemRoutes } from '../../contracts/api/systemRoutes.ts';
import type { PublicConfig } from '../../contracts/environments.ts';
import { callApi } from './apiClient.ts';

export const PUBLIC_CONFIG_URL = systemRoutes.config.pattern;

let cached: Promise<PublicConfig> | undefined;

async function fetchPublicConfig(fetchImpl: typeof fetch): Promise<PublicConfig> {
  const result = await callApi(
    systemRoutes.config,
    {},
    {
      fetch: fetchImpl,
      messages: {
        network: (reason) => reason || `Could not load ${PUBLIC_CONFIG_URL}`,
        failed: (status) => `Could not load ${PUBLIC_CONFIG_URL}: status ${status}`,
        badAnswer: (detail) => `Invalid configuration from ${PUBLIC_CONFIG_URL}: ${detail}`,
      },
    },
  );
  if (result.error) throw new Error(result.error.message);
  return result.data;
}

/**
 * The configuration, fetched on the first call and shared by every later one. A failed load
 * is forgotten so the next call tries again (a server that was restarting is not cached).
 */
export function loadPublicConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<PublicConfig> {
  if (!cached) {
    const loading = fetchPublicConfig(fetchImpl);
    cached = loading;
    loading.catch(() => {
      if (cached === loading) cached = undefined;
    });
  }
  return cached;
}
