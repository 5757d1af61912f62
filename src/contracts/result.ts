/**
 * Every data operation answers `{ data, error }` (spec §8 'Data layer'): on failure data is
 * null and error says why.
 */
export interface DataError {
  readonly message: string;
  readonly code?: string;
  readonly status?: number;
}

export type Result<T> = { data: T; error: null } | { data: null; error: DataError };

export function ok<T>(data: T): Result<T> {
  return { data, error: null };
}

export function fail<T = never>(message: string, code?: string, status?: number): Result<T> {
  return {
    data: null,
    error: { message, ...(code ? { code } : {}), ...(status ? { status } : {}) },
  };
}
