/**
 * The generic data API and RPC (spec §7 'Data access', 'rpc'; issue 15 item 1), defined once
 * for src/server/routes/data.ts and src/web/lib/dataClient.ts. Every call carries the
 * environment's public key (PUBLIC_KEY_HEADER); the actor, not the key, authorizes.
 */
import { z } from 'zod';
import {
  deleteRequestSchema,
  insertRequestSchema,
  queryRequestSchema,
  rowSchema,
  rpcRequestSchema,
  updateRequestSchema,
} from '../data.ts';
import { defineRoute } from './apiRoute.ts';

const tableParams = z.object({ table: z.string().min(1) });
const rows = z.array(rowSchema);

export const dataRoutes = {
  query: defineRoute({
    method: 'POST',
    pattern: '/api/data/:table/query',
    summary: 'Read rows of an allowed table: columns, filters, order, range, count',
    // `{ data, count }`: the count sits beside the rows (spec §7), so the answer is bare.
    envelope: 'bare',
    params: tableParams,
    body: queryRequestSchema,
    response: z.object({ data: rows, count: z.number().optional() }),
  }),
  insert: defineRoute({
    method: 'POST',
    pattern: '/api/data/:table/insert',
    summary: 'Insert one row or many (the table registry decides who may)',
    params: tableParams,
    body: insertRequestSchema,
    response: rows,
  }),
  update: defineRoute({
    method: 'POST',
    pattern: '/api/data/:table/update',
    summary: 'Update the rows matching a filter (the table registry decides who may)',
    params: tableParams,
    body: updateRequestSchema,
    response: rows,
  }),
  delete: defineRoute({
    method: 'POST',
    pattern: '/api/data/:table/delete',
    summary: 'Delete the rows matching a filter (the table registry decides who may)',
    params: tableParams,
    body: deleteRequestSchema,
    response: rows,
  }),
  rpc: defineRoute({
    method: 'POST',
    pattern: '/api/rpc/:name',
    summary: 'Call a named server function, e.g. submit_high_score (spec §7 rpc)',
    params: z.object({ name: z.string().min(1) }),
    body: rpcRequestSchema,
    response: rows,
  }),
} as const;
