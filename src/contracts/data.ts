/**
 * Payloads of the generic data API (spec §7 'Data access'). The server validates every body
 * with these schemas; the web client builds them. Tables and columns are checked against the
 * server's allow-list, never interpolated into SQL.
 */
import { z } from 'zod';

/** Spec §7/§9: default limit 10, offset 0; order by created_at descending. */
export const DEFAULT_LIMIT = 10;
export const DEFAULT_OFFSET = 0;
export const DEFAULT_ORDER_COLUMN = 'created_at';
/** Upper bound on one page, so no caller can ask the server for a whole table. */
export const MAX_LIMIT = 1000;

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'Invalid identifier');

export const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Scalar = z.infer<typeof scalarSchema>;

export const filtersSchema = z.record(identifier, scalarSchema);
export type Filters = z.infer<typeof filtersSchema>;

export const queryRequestSchema = z.object({
  columns: z.array(identifier).min(1).optional(),
  filters: filtersSchema.optional(),
  orderBy: identifier.optional(),
  ascending: z.boolean().optional(),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  offset: z.number().int().min(0).optional(),
  /** Also return the number of rows matching the filters. */
  count: z.boolean().optional(),
});
export type QueryRequest = z.infer<typeof queryRequestSchema>;

export const rowSchema = z.record(identifier, scalarSchema);
export type Row = Record<string, Scalar>;

export const insertRequestSchema = z.object({
  rows: z.union([rowSchema, z.array(rowSchema).min(1).max(MAX_LIMIT)]),
});
export type InsertRequest = z.infer<typeof insertRequestSchema>;

export const updateRequestSchema = z.object({
  match: filtersSchema.refine((m) => Object.keys(m).length > 0, 'A match is required'),
  values: rowSchema.refine((v) => Object.keys(v).length > 0, 'Values are required'),
});
export type UpdateRequest = z.infer<typeof updateRequestSchema>;

export const deleteRequestSchema = z.object({
  match: filtersSchema.refine((m) => Object.keys(m).length > 0, 'A match is required'),
});
export type DeleteRequest = z.infer<typeof deleteRequestSchema>;

export const rpcRequestSchema = z.object({
  params: z.record(identifier, scalarSchema).default({}),
});
export type RpcRequest = z.infer<typeof rpcRequestSchema>;

export interface QueryResponse {
  data: Row[];
  count?: number;
}

export interface ErrorResponse {
  error: { message: string; code: string };
}

/** API paths of the data layer, built in one place for server and client. */
export const dataApi = {
  query: (table: string) => `/api/data/${table}/query`,
  insert: (table: string) => `/api/data/${table}/insert`,
  update: (table: string) => `/api/data/${table}/update`,
  delete: (table: string) => `/api/data/${table}/delete`,
  rpc: (name: string) => `/api/rpc/${name}`,
} as const;

/** The high-score table of spec §3 and its RPC (spec §7 'High score table'). */
export const HIGH_SCORE_TABLE = 'tblblasterhighscore';
export const SUBMIT_HIGH_SCORE_RPC = 'submit_high_score';
