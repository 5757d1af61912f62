/** A problem the BWW reader met and stepped over: where, which token, and why. */
export type BwwWarningKind =
  | 'unknown-token'
  | 'misplaced-token'
  | 'unterminated-text'
  | 'dangling-embellishment'
  | 'internal-error';

export interface BwwWarning {
  readonly line: number;
  readonly column: number;
  readonly kind: BwwWarningKind;
  readonly token: string;
  readonly message: string;
}

export type Warn = (
  raw: { readonly line: number; readonly column: number },
  kind: BwwWarningKind,
  token: string,
  message: string,
) => void;
