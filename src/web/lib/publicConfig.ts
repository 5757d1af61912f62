/**
 * The public configuration (spec §1: environments, site URL, captcha site key), loaded once
 * from the server's /api/config and checked against the shared contract. Only public values
 * exist there (spec §6, R-6.ROLES-10: no secret reaches the browser).
 */
import { publicConfigSchema, type PublicConfig } from '../../contracts/environments.ts';

export const PUBLIC_CONFIG_URL = '/api/config';

let cached: Promise<PublicConfig> | undefined;

async function fetchPublicConfig(fetchImpl: typeof fetch): Promise<PublicConfig> {
  const response = await fetchImpl(PUBLIC_CONFIG_URL, { headers: { accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`Could not load ${PUBLIC_CONFIG_URL}: status ${response.status}`);
  const parsed = publicConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid configuration from ${PUBLIC_CONFIG_URL}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
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
