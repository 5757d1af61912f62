/**
 * The initials rule, once, for the web forms and the server (spec §5 'Inputs': at most 3
 * characters, upper-cased; R-5.INPUTS-01/02, R-9.CONST-04; issue 13.11).
 *
 * 'Characters' are what a person sees: grapheme clusters (Intl.Segmenter), not UTF-16 units,
 * so an emoji — a ZWJ family, a flag, the Scottish flag's tag sequence — counts as one and is
 * never cut in half. Invisible characters that reorder or hide text are refused: controls
 * (Cc), format characters (Cf: the bidirectional controls U+202A–U+202E, U+2066–U+2069,
 * U+200E/U+200F, U+061C, zero-width characters), line and paragraph separators (Zl, Zp),
 * surrogates, private-use and unassigned code points. The one exception is a format character
 * inside a recommended emoji (the ZWJ of 👨‍👩‍👧, the tags of 🏴󠁧󠁢󠁳󠁣󠁴󠁿), which is what draws it.
 */

/** Spec §9 'Initials: 3 characters maximum'. */
export const INITIALS_MAX = 3;
/**
 * UTF-16 units at most: three graphemes can carry any number of combining marks, so the
 * count alone bounds nothing. 64 fits three of the longest recommended emoji (15 units).
 */
export const INITIALS_MAX_UNITS = 64;

export const initialsMessages = {
  tooLong: `Initials are at most ${INITIALS_MAX} characters.`,
  invalid: 'Initials can only use letters, numbers, symbols and emoji you can see.',
} as const;

const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
/**
 * Printable ASCII: no hidden character, and each character is one grapheme. Almost every
 * initials value is this, and it is answered without the costly objects below.
 */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/**
 * The costly objects are built on first use, not when the module loads: the settings store
 * imports this rule into the first load's entry, and building the `v`-flag emoji pattern
 * (~13 ms on this machine) and a grapheme segmenter (~8 ms) there made half of every page's
 * longest task (issue 21 item 3).
 */
let built: { rgiEmoji: RegExp | null; segmenter: Intl.Segmenter | null } | undefined;
function unicodeTools() {
  if (!built) {
    let rgiEmoji: RegExp | null = null;
    try {
      // A whole recommended emoji (ES2024 `v` flag); null where the runtime lacks it.
      rgiEmoji = new RegExp('^\\p{RGI_Emoji}$', 'v');
    } catch {
      // An older runtime: isEmoji falls back to pictographs.
    }
    built = {
      rgiEmoji,
      segmenter:
        typeof Intl !== 'undefined' && 'Segmenter' in Intl
          ? new Intl.Segmenter('en', { granularity: 'grapheme' })
          : null,
    };
  }
  return built;
}
/** Without the `v` flag: a pictograph whose only format characters are ZWJ and tags. */
const EMOJI_FORMAT = /^[\u200D\u{E0020}-\u{E007F}]$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

function isEmoji(grapheme: string): boolean {
  const { rgiEmoji } = unicodeTools();
  if (rgiEmoji) return rgiEmoji.test(grapheme);
  if (!PICTOGRAPH.test(grapheme)) return false;
  return [...grapheme].every((c) => !FORBIDDEN.test(c) || EMOJI_FORMAT.test(c));
}

/** Joins what follows a code point in a cluster, for runtimes without Intl.Segmenter (Firefox before 125). */
const MARK = /^\p{M}$/u;
function extendsCluster(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return (
    MARK.test(c) ||
    cp === 0x200d ||
    cp === 0xfe0e ||
    cp === 0xfe0f ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) || // skin tones
    (cp >= 0xe0020 && cp <= 0xe007f) // tags
  );
}
const REGIONAL = /^[\u{1F1E6}-\u{1F1FF}]$/u;

export function* fallbackGraphemes(text: string): Generator<string> {
  let current = '';
  let joinNext = false;
  let regionalRun = 0;
  for (const c of text) {
    const pairsFlag = REGIONAL.test(c) && regionalRun % 2 === 1;
    if (current !== '' && (joinNext || extendsCluster(c) || pairsFlag)) {
      current += c;
    } else {
      if (current !== '') yield current;
      current = c;
    }
    joinNext = c === '\u200D';
    regionalRun = REGIONAL.test(c) ? regionalRun + 1 : 0;
  }
  if (current !== '') yield current;
}

/** The grapheme clusters of `text`, lazily (a long paste is not split whole). */
export function* graphemes(text: string): Generator<string> {
  if (PRINTABLE_ASCII.test(text)) {
    yield* text;
    return;
  }
  const { segmenter } = unicodeTools();
  if (!segmenter) {
    yield* fallbackGraphemes(text);
    return;
  }
  for (const { segment } of segmenter.segment(text)) yield segment;
}

/** How many characters a person sees in `text`. */
export function countGraphemes(text: string): number {
  let n = 0;
  for (const _ of graphemes(text)) n += 1;
  return n;
}

/** The first `max` graphemes of `text`. */
export function cutGraphemes(text: string, max: number): string {
  let out = '';
  let n = 0;
  for (const g of graphemes(text)) {
    if (n === max) break;
    out += g;
    n += 1;
  }
  return out;
}

/** True when `text` holds a control or format character outside a recommended emoji. */
export function hasHiddenCharacters(text: string): boolean {
  if (PRINTABLE_ASCII.test(text) || !FORBIDDEN.test(text)) return false;
  for (const g of graphemes(text)) {
    if (FORBIDDEN.test(g) && !isEmoji(g)) return true;
  }
  return false;
}

/**
 * What the initials input keeps as the person types: composed (NFC), upper-cased, then cut
 * to 3 graphemes — in that order, since upper-casing can lengthen ('ß' becomes 'SS').
 */
export function normaliseInitials(input: string): string {
  return cutGraphemes(input.normalize('NFC').toUpperCase(), INITIALS_MAX);
}

/** Why `initials` (already normalised and trimmed) cannot be stored, or null. */
export function initialsProblem(initials: string): string | null {
  if (hasHiddenCharacters(initials)) return initialsMessages.invalid;
  if (initials.length > INITIALS_MAX_UNITS || countGraphemes(initials) > INITIALS_MAX) {
    return initialsMessages.tooLong;
  }
  return null;
}
