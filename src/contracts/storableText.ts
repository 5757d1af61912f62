/**
 * Text PostgreSQL can store (issue 13.9). A `text` or `jsonb` value refuses the NUL character
 * (U+0000), and jsonb refuses an unpaired UTF-16 surrogate (JSON can spell one, `"\ud800"`,
 * and JSON.stringify writes it back out the same way). Either reached the database and came
 * back as a 500. Fields a person typed refuse such text with the field's message (the form
 * shows it); machine reports (error reports, analytics) are cleaned instead, since losing a
 * crash report over one bad character helps nobody.
 */

/** NUL, or a surrogate that is not half of a pair. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** NUL removed, each unpaired surrogate replaced by U+FFFD (what a UTF-8 decoder shows). */
export function storableText(value: string): string {
  return value.replace(UNSTORABLE_ALL, (c) => (c === '\u0000' ? '' : '\uFFFD'));
}

/**
 * A JSON value with every string and key made storable. Depth is bounded by the server's
 * JSON parser (src/server/boundedJson.ts), so the recursion here is shallow.
 */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // defineProperty: a cleaned key '__proto__' stays a plain key, never a prototype.
      Object.defineProperty(out, storableText(key), {
        value: storableJson(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** `${label} contains a character that cannot be saved.` — the message of a typed field. */
export const unstorableMessage = (label: string) =>
  `${label} contains a character that cannot be saved.`;
