/**
 * Who is calling, decided on the server for every request (spec §6; DESIGN 'no secret ever
 * reaches the browser'). Administrators present ADMIN_TOKEN as a bearer token; accounts
 * (signed-in users and their roles) are added by the accounts issue.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../services/tableRegistry.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function actorFrom(request: FastifyRequest, adminToken: string | undefined): Actor {
  const header = request.headers.authorization;
  if (adminToken && header?.startsWith('Bearer ') && sameSecret(header.slice(7), adminToken)) {
    return { kind: 'admin' };
  }
  return { kind: 'anonymous' };
}

export const actorPlugin = fp(
  async (app: FastifyInstance, options: { adminToken: string | undefined }) => {
    // Derived from the request on each read: nothing a handler could forget to set.
    app.decorateRequest('actor', {
      getter(this: FastifyRequest) {
        return actorFrom(this, options.adminToken);
      },
    });
  },
  { name: 'actor' },
);
