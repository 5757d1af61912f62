/**
 * A short-lived cache of score answers with ETags (docs/decisions/008-score-integrity.md).
 * A leaderboard is read far more often than it changes: the first read in a window queries
 * the database, concurrent and later reads share that answer until it expires or a score
 * changes in this process. Clients poll with If-None-Match and get 304 when nothing changed.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  readonly expires: number;
  readonly answer: Promise<{ body: string; etag: string }>;
}

export interface ScoreCache {
  /** Answers `key` from the cache or from `load`, with ETag and 304 handling. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply>;
  clear(): void;
}

export function createScoreCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();

  function answerFor(key: string, load: () => Promise<unknown>) {
    const time = now();
    const hit = entries.get(key);
    if (hit && hit.expires > time) return hit.answer;
    const answer = load().then((value) => {
      const body = JSON.stringify(value);
      const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      return { body, etag };
    });
    // A failed load is not cached: the next read tries again.
    answer.catch(() => {
      if (entries.get(key)?.answer === answer) entries.delete(key);
    });
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { expires: time + options.ttlMs, answer });
    return answer;
  }

  const cache: ScoreCache = {
    async send(request, reply, key, load) {
      const { body, etag } = await answerFor(key, load);
      reply.header('etag', etag);
      // Browsers revalidate every time; the ETag makes an unchanged board a bodiless 304.
      reply.header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
    clear: () => entries.clear(),
  };
  return cache;
}
