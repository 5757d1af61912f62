/**
 * The realtime socket (issue 7; src/server/routes/realtime.ts): a WebSocket upgrade, not a JSON
 * call, defined here so the registry and the README's table name every path under /api.
 */
import { z } from 'zod';
import { BATTLE_PATH } from '../battle/battleProtocol.ts';
import { defineRoute } from './apiRoute.ts';

export const realtimeRoutes = {
  socket: defineRoute({
    method: 'GET',
    pattern: '/api/realtime',
    summary: 'WebSocket: leaderboard changes and rooms (not a JSON call)',
    envelope: 'bare',
    response: z.unknown(),
  }),
  battle: defineRoute({
    method: 'GET',
    pattern: BATTLE_PATH,
    summary:
      'WebSocket: Battle matches, messages in src/contracts/battle/battleProtocol.ts (issue 17)',
    envelope: 'bare',
    response: z.unknown(),
  }),
} as const;
