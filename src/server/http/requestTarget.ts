/**
 * The one request-target policy of the server (issue 13 items 1 and 2;
 * docs/decisions/013-request-targets-and-proxies.md). Every authorization decision — the
 * sign-in link checks, bans, Origin checks, the public-key hook — compares paths, so the path a
 * guard sees must be the path the handler (and better-auth behind it) acts on. Rather than
 * normalise in one place and compare in another, a target is accepted only when it is already
 * in the one spelling nothing downstream would rewrite:
 *
 * - origin-form (`/path?query`) as it stands; absolute-form (`http://host/path?query`, which
 *   RFC 9112 §3.2.2 says a server MUST accept) reduced to its origin-form; asterisk-form,
 *   authority-form and anything else refused;
 * - never a dot segment (`.`, `..`, or `%2e` spellings, which WHATWG URL parsers resolve), a
 *   backslash (which WHATWG URL parsers read as `/`), an encoded slash, backslash or dot, an
 *   empty segment (`//`), a control or non-ASCII character, or a fragment — a browser sends
 *   none of these;
 * - under /api, in addition: no percent-encoding of a character that needs none (letters,
 *   digits, `-._~`) or of `%` itself, so no two spellings of one API path exist and nothing
 *   decodes twice into another; no trailing `/`; no `;` parameters (which some proxies strip
 *   and others keep). Other encodings stay: `/api/scores/%20` must reach the handler that
 *   answers 'ID is required' (spec R-8.SCORE-03).
 *
 * Pure: no Fastify, so the rules are unit-tested one spelling at a time.
 */

export type RequestTarget =
  | {
      readonly ok: true;
      /** The origin-form target handed to the router: path plus query ('?…' or ''). */
      readonly url: string;
      readonly path: string;
      readonly query: string;
    }
  | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): RequestTarget => ({ ok: false, reason });

/** An API path segment: RFC 3986 pchar without ';' (issue 13.1), never empty. */
const API_SEGMENT = /^(?:[A-Za-z0-9._~!$&'()*+,=:@-]|%[0-9A-Fa-f]{2})+$/;

/** Octets a percent-encoding may not stand for anywhere: '.', '/', '\', controls. */
function forbiddenEncoded(code: number): boolean {
  return code === 0x2e || code === 0x2f || code === 0x5c || code < 0x20 || code === 0x7f;
}

/** Octets an API path may not percent-encode: unreserved characters (RFC 3986 §2.3) and '%'. */
function needlessEncoded(code: number): boolean {
  return /^[A-Za-z0-9._~%-]$/.test(String.fromCharCode(code));
}

/** True for '/api' and everything under it, whatever the letter case. */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/');
}

/** The origin-form of a raw target, or null when it is neither origin- nor absolute-form. */
function originForm(raw: string): string | null {
  if (raw.startsWith('/')) return raw;
  const scheme = /^https?:\/\//i.exec(raw);
  if (!scheme) return null;
  const rest = raw.slice(scheme[0].length);
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  // RFC 9110 §4.2.4: user info is not allowed in http(s) targets; '\' would be read as '/'.
  if (authority === '' || /[@\\]/.test(authority)) return null;
  const target = end === -1 ? '' : rest.slice(end);
  return target.startsWith('/') ? target : `/${target}`;
}

/** Why `path` is not in its one accepted spelling, or null when it is. */
function pathProblem(path: string): string | null {
  const api = isApiPath(path);
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) return 'control, space or non-ASCII character';
    if (code === 0x5c) return 'backslash';
    if (code === 0x25) {
      const hex = path.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return 'malformed percent-encoding';
      const octet = Number.parseInt(hex, 16);
      if (forbiddenEncoded(octet)) return 'encoded dot, slash or control';
      if (api && needlessEncoded(octet)) return 'API path with a needless percent-encoding';
    }
  }
  // '//x' would read as a host to a URL parser ('//evil/…'), and no link of ours has one.
  if (path.includes('//')) return 'empty path segment';
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s === '.' || s === '..')) return 'dot segment';
  if (api && !segments.every((s) => API_SEGMENT.test(s))) {
    return 'API path with a trailing slash or parameters';
  }
  return null;
}

/** Decides one raw request target (Node's `req.url`). */
export function requestTarget(raw: string): RequestTarget {
  const url = originForm(raw);
  if (url === null) return refuse('request target is neither origin-form nor absolute-form');
  if (url.includes('#')) return refuse('fragment in request target');
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? '' : url.slice(mark);
  const problem = pathProblem(path);
  if (problem) return refuse(problem);
  return { ok: true, url, path, query };
}
