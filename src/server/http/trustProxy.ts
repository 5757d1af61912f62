/**
 * TRUST_PROXY (issue 13.7; docs/decisions/013-request-targets-and-proxies.md): whose
 * X-Forwarded-For the server believes. Every per-client limit keys on `request.ip`, so trusting
 * any sender of the header (`true`) lets one client rotate the header and never be limited.
 *
 * - `false` (default): the connection's address; X-Forwarded-For is ignored.
 * - a list of proxy addresses or CIDR ranges (and the names `loopback`, `linklocal`,
 *   `uniquelocal`): the header counts only as far as it was written by those proxies. The
 *   recommended form.
 * - a hop count N: the N proxies nearest the server are trusted, provided the connection comes
 *   from a loopback or private address. Pure hop counting cannot tell a proxy from a client
 *   that reaches the port directly (Fastify 5 therefore ignores a bare number); requiring a
 *   private peer keeps a public client from spoofing while a proxy on the same host or network
 *   (nginx, Docker, a cloud load balancer) just works.
 * - `true`: every hop — the old behaviour, accepted with a warning at start.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

export type TrustProxySetting = boolean | number | readonly string[];

/** Names proxy-addr (Fastify's trustProxy) understands in an address list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The highest hop count accepted; more proxies than this in front of one app is a mistake. */
const MAX_HOPS = 16;

export const TRUST_PROXY_HELP =
  'must be false, true, a hop count (1, 2, …), or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,::1; also loopback, linklocal, uniquelocal)';

/** The warning logged at start when TRUST_PROXY=true. */
export const TRUST_PROXY_TRUE_WARNING =
  'TRUST_PROXY=true believes any X-Forwarded-For header, so a client that reaches this server with a made-up address in it escapes every per-client rate limit. Set TRUST_PROXY to the address or CIDR range of your proxy (e.g. TRUST_PROXY=127.0.0.1 for nginx on this host) or to the number of proxies in front of the app (TRUST_PROXY=1).';

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses the variable; a string is the reason it is invalid. */
export function parseTrustProxy(value: string): TrustProxySetting | { invalid: string } {
  const text = value.trim();
  if (text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return { invalid: `a hop count of at most ${MAX_HOPS}` };
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !validEntry(e));
  if (bad !== undefined) return { invalid: `${TRUST_PROXY_HELP}; "${bad}" is not` };
  return entries;
}

/** Loopback and private ranges: where a proxy in front of the app connects from. */
const privatePeers = new BlockList();
privatePeers.addSubnet('127.0.0.0', 8, 'ipv4');
privatePeers.addSubnet('10.0.0.0', 8, 'ipv4');
privatePeers.addSubnet('172.16.0.0', 12, 'ipv4');
privatePeers.addSubnet('192.168.0.0', 16, 'ipv4');
privatePeers.addSubnet('169.254.0.0', 16, 'ipv4');
privatePeers.addAddress('::1', 'ipv6');
privatePeers.addSubnet('fc00::', 7, 'ipv6');
privatePeers.addSubnet('fe80::', 10, 'ipv6');

function isPrivatePeer(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && privatePeers.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Fastify's `trustProxy` option for a parsed setting. */
export function trustProxyOption(setting: TrustProxySetting): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'boolean') return setting;
  if (typeof setting === 'number') {
    // proxy-addr asks hop by hop, i = 0 being the connection itself.
    return (address: string, i: number) => i < setting && (i > 0 || isPrivatePeer(address));
  }
  return [...setting];
}
