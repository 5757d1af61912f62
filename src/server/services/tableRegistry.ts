/**
 * The allow-list of the generic data API (spec §7 'Data access'). Only tables listed here can
 * be reached, only through their listed columns, and each operation names who may run it.
 * This replaces the spec's privileged key in the browser (spec §6): authorization lives here,
 * on the server, for every call.
 */
import { z } from 'zod';
import { HIGH_SCORE_TABLE } from '../../contracts/data.ts';
import { initialsMessages, initialsProblem } from '../../contracts/initials.ts';

/** Who is calling: an anonymous visitor, a signed-in user, or an administrator. */
export type Actor =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'user'; readonly userId: string; readonly roles: readonly string[] }
  | { readonly kind: 'admin' };

/** Who may run an operation. 'nobody' means only through an RPC. */
export type Permission = 'anyone' | 'admin' | 'nobody';

export type Operation = 'select' | 'insert' | 'update' | 'delete';

export interface ColumnSpec {
  /** Validates a value written to or compared with the column. */
  readonly value: z.ZodType;
  /** Clients may write it (insert/update); generated columns are read-only. */
  readonly writable: boolean;
  /** A timestamp: answered as an ISO 8601 string whatever the driver returns. */
  readonly timestamp?: boolean;
}

export interface TableSpec {
  readonly name: string;
  readonly columns: Readonly<Record<string, ColumnSpec>>;
  readonly permissions: Readonly<Record<Operation, Permission>>;
  /** Default sort column (spec §3: other tables sort on created_at by default). */
  readonly defaultOrder: string;
}

const uuid = z.uuid();
const int = z.number().int().min(0).max(2_147_483_647);

export const tables: Readonly<Record<string, TableSpec>> = {
  [HIGH_SCORE_TABLE]: {
    name: HIGH_SCORE_TABLE,
    columns: {
      id: {
        value: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
        writable: false,
      },
      score: { value: int, writable: true },
      level: { value: z.number().int().min(1).max(5), writable: true },
      // The shared initials rule (contracts/initials.ts, issue 13.11) for admin writes too.
      struserinitials: {
        value: z
          .string()
          .refine((v) => initialsProblem(v) === null, initialsMessages.invalid)
          .nullable(),
        writable: true,
      },
      user_id: { value: uuid.nullable(), writable: true },
      local_user_id: { value: uuid.nullable(), writable: true },
      created_at: { value: z.string(), writable: false, timestamp: true },
    },
    // Anyone reads the leaderboard; scores arrive through the submit_high_score RPC, which
    // validates them; changing or removing rows is for administrators (spec §6, issue 7).
    permissions: { select: 'anyone', insert: 'admin', update: 'admin', delete: 'admin' },
    defaultOrder: 'created_at',
  },
};

/**
 * Own properties only (issue 13.9): `tables.constructor` or `columns.toString` exist on every
 * plain object, and a lookup that found them sent the request on to the database as a 500.
 */
export function findTable(name: string): TableSpec | undefined {
  return Object.hasOwn(tables, name) ? tables[name] : undefined;
}

export function findColumn(table: TableSpec, name: string): ColumnSpec | undefined {
  return Object.hasOwn(table.columns, name) ? table.columns[name] : undefined;
}

export function isAllowed(permission: Permission, actor: Actor): boolean {
  if (permission === 'anyone') return true;
  if (permission === 'admin') return actor.kind === 'admin';
  return false;
}
