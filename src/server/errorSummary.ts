/**
 * What the log keeps of a failed request's error (issue 13.9 'logs must not echo the whole
 * submitted body'). drizzle's query errors read 'Failed query: … params: …', carrying every
 * submitted value, and a stack trace repeats the message; a 1 MB body became a 1 MB log line.
 * Kept: the type, the driver's code, the driver's own message cut short, and the stack frames.
 */
const MAX_MESSAGE = 300;
const MAX_FRAMES = 12;

export interface ErrorSummary {
  readonly type: string;
  readonly code?: string;
  readonly message: string;
  readonly frames: string;
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

export function errorSummary(error: unknown): ErrorSummary {
  const outer = error instanceof Error ? error : new Error(String(error));
  // drizzle wraps the driver's error as `cause`; its own message is the query with params.
  const cause = outer.cause instanceof Error ? outer.cause : undefined;
  const source = cause ?? outer;
  const code = (source as { code?: unknown }).code;
  const frames = (outer.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => cut(line.trim(), 300))
    .join('\n');
  return {
    type: source.name,
    ...(typeof code === 'string' ? { code: cut(code, 40) } : {}),
    message: cut(source.message, MAX_MESSAGE),
    frames,
  };
}
