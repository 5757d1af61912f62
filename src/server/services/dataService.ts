/**
 * The generic table API (spec §7 'Data access'): query, insert, update, delete over the
 * allow-listed tables of tableRegistry.ts. Identifiers come only from the registry and every
 * value is a bound parameter, so no request can shape arbitrary SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  type DeleteRequest,
  type Filters,
  type InsertRequest,
  type QueryRequest,
  type Row,
  type UpdateRequest,
} from '../../contracts/data.ts';
import type { Database } from '../db/client.ts';
import { badRequest, forbidden, notFound, type ApiError } from './errors.ts';
import {
  findColumn,
  findTable,
  isAllowed,
  type Actor,
  type Operation,
  type TableSpec,
} from './tableRegistry.ts';

function tableFor(name: string, operation: Operation, actor: Actor): TableSpec {
  const table = findTable(name);
  if (!table) throw notFound(`Unknown table ${name}`, 'unknown_table');
  if (!isAllowed(table.permissions[operation], actor)) {
    throw forbidden(`You may not ${operation} rows of ${name}`);
  }
  return table;
}

function column(table: TableSpec, name: string) {
  const spec = findColumn(table, name);
  if (!spec) throw badRequest(`Unknown column ${name}`, 'unknown_column');
  return spec;
}

function checkValue(table: TableSpec, name: string, value: unknown, writing: boolean): unknown {
  const spec = column(table, name);
  if (writing && !spec.writable)
    throw badRequest(`Column ${name} is read-only`, 'read_only_column');
  if (value === null && !writing) return null;
  const parsed = spec.value.safeParse(value);
  if (!parsed.success) throw badRequest(`Invalid value for ${name}`, 'invalid_value');
  return parsed.data;
}

/**
 * A database error caused by the request's values (SQLSTATE class 22 'data exception', class
 * 23 'integrity constraint violation') is the caller's mistake: answer 400 with the reason,
 * not 500. Anything else (connection lost, a bug of ours) stays a server error.
 * Codes: https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
function asClientError(error: unknown): ApiError | undefined {
  // drizzle wraps the driver's error (pg or PGlite, same fields) as its `cause`.
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const {
    code,
    column: name,
    message,
  } = (cause ?? {}) as { code?: unknown; column?: unknown; message?: unknown };
  if (typeof code !== 'string') return undefined;
  if (code === '23502' && typeof name === 'string')
    return badRequest(`Column ${name} is required`, 'missing_column');
  if (code === '23505') return badRequest('A row with the same key already exists', 'conflict');
  if (code.startsWith('22') || code.startsWith('23')) {
    return badRequest(
      `Invalid value: ${typeof message === 'string' ? message : code}`,
      'invalid_value',
    );
  }
  return undefined;
}

async function run(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  try {
    return await database.rows(query);
  } catch (error) {
    throw asClientError(error) ?? error;
  }
}

function where(table: TableSpec, filters: Filters | undefined): SQL {
  const entries = Object.entries(filters ?? {});
  if (entries.length === 0) return sql``;
  const parts = entries.map(([name, value]) => {
    const checked = checkValue(table, name, value, false);
    return checked === null
      ? sql`${sql.identifier(name)} is null`
      : sql`${sql.identifier(name)} = ${checked}`;
  });
  return sql` where ${sql.join(parts, sql` and `)}`;
}

/**
 * Rows as JSON-safe objects, the same on PGlite and PostgreSQL: timestamps become ISO 8601
 * strings (drivers return Date objects or text), big integers become numbers.
 */
export function normaliseRows(table: TableSpec, rows: Record<string, unknown>[]): Row[] {
  return rows.map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (findColumn(table, key)?.timestamp && value !== null && value !== undefined) {
        out[key] = new Date(value as string | Date).toISOString();
      } else {
        out[key] = typeof value === 'bigint' ? Number(value) : (value as Row[string]);
      }
    }
    return out;
  });
}

export async function queryRows(
  database: Database,
  actor: Actor,
  tableName: string,
  request: QueryRequest,
): Promise<{ data: Row[]; count?: number }> {
  const table = tableFor(tableName, 'select', actor);
  const columns = request.columns ?? Object.keys(table.columns);
  for (const name of columns) column(table, name);
  const orderBy = request.orderBy ?? table.defaultOrder;
  column(table, orderBy);
  // Indexes are built `DESC NULLS LAST`; the exact mirror keeps both directions index scans
  // (PostgreSQL's default `desc` is NULLS FIRST and would force a sort of every row).
  const direction = request.ascending ? sql`asc nulls first` : sql`desc nulls last`;
  const limit = request.limit ?? DEFAULT_LIMIT;
  const offset = request.offset ?? DEFAULT_OFFSET;
  const filter = where(table, request.filters);
  const select = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  // id breaks ties so pages never overlap or skip rows when sort values are equal.
  const rows = await run(
    database,
    sql`select ${select} from ${sql.identifier(table.name)}${filter} order by ${sql.identifier(orderBy)} ${direction}, ${sql.identifier('id')} ${direction} limit ${limit} offset ${offset}`,
  );
  const result: { data: Row[]; count?: number } = { data: normaliseRows(table, rows) };
  if (request.count) {
    const [counted] = await run(
      database,
      sql`select count(*)::int as count from ${sql.identifier(table.name)}${filter}`,
    );
    result.count = Number(counted?.count ?? 0);
  }
  return result;
}

export async function insertRows(
  database: Database,
  actor: Actor,
  tableName: string,
  request: InsertRequest,
): Promise<Row[]> {
  const table = tableFor(tableName, 'insert', actor);
  const rows = Array.isArray(request.rows) ? request.rows : [request.rows];
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (names.length === 0) throw badRequest('Rows have no columns', 'empty_row');
  const values = rows.map((row) => {
    const cells = names.map((name) =>
      Object.hasOwn(row, name) ? sql`${checkValue(table, name, row[name], true)}` : sql`default`,
    );
    return sql`(${sql.join(cells, sql`, `)})`;
  });
  const inserted = await run(
    database,
    sql`insert into ${sql.identifier(table.name)} (${sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    )}) values ${sql.join(values, sql`, `)} returning *`,
  );
  return normaliseRows(table, inserted);
}

export async function updateRows(
  database: Database,
  actor: Actor,
  tableName: string,
  request: UpdateRequest,
): Promise<Row[]> {
  const table = tableFor(tableName, 'update', actor);
  const assignments = Object.entries(request.values).map(
    ([name, value]) => sql`${sql.identifier(name)} = ${checkValue(table, name, value, true)}`,
  );
  const updated = await run(
    database,
    sql`update ${sql.identifier(table.name)} set ${sql.join(assignments, sql`, `)}${where(table, request.match)} returning *`,
  );
  return normaliseRows(table, updated);
}

export async function deleteRows(
  database: Database,
  actor: Actor,
  tableName: string,
  request: DeleteRequest,
): Promise<Row[]> {
  const table = tableFor(tableName, 'delete', actor);
  const deleted = await run(
    database,
    sql`delete from ${sql.identifier(table.name)}${where(table, request.match)} returning *`,
  );
  return normaliseRows(table, deleted);
}
