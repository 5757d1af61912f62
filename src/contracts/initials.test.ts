/**
 * The initials rule (issue 13.11; spec §5 'Inputs' R-5.INPUTS-01/02, R-9.CONST-04): counted
 * and cut by what a person sees, upper-cased, hidden characters refused.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countGraphemes,
  fallbackGraphemes,
  graphemes,
  hasHiddenCharacters,
  initialsMessages,
  initialsProblem,
  normaliseInitials,
} from './initials.ts';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
const SKIN_KISS = '\u{1F469}\u{1F3FB}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F468}\u{1F3FC}';
const SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
const UK = '\u{1F1EC}\u{1F1E7}';
const BAGPIPES = '\u{1FA88}'; // no such emoji yet: unassigned until Unicode says otherwise

describe('issue 13.11: initials count and cut by grapheme', () => {
  it.each([
    ['abc', 'ABC'],
    ['abcd', 'ABC'],
    ['ab', 'AB'],
    ['', ''],
    ['e\u0301cl', 'ÉCL'], // decomposed é composes (NFC) and counts once
    ['ßßß', 'SSS'], // upper-casing lengthens: cut after it
    [`${FAMILY}${FAMILY}${FAMILY}${FAMILY}`, `${FAMILY}${FAMILY}${FAMILY}`],
    [`${UK}${UK}${UK}${UK}`, `${UK}${UK}${UK}`],
    [`${SCOTLAND}${SCOTLAND}${SCOTLAND}${SCOTLAND}`, `${SCOTLAND}${SCOTLAND}${SCOTLAND}`],
    [`A${SKIN_KISS}BC`, `A${SKIN_KISS}B`],
    [`${UK}${UK.slice(0, 2)}`, `${UK}${UK.slice(0, 2)}`],
  ])('R-5.INPUTS-01 %j is kept as %j', (input, kept) => {
    expect(normaliseInitials(input)).toBe(kept);
    expect(initialsProblem(kept)).toBeNull();
  });

  it.each([FAMILY, SKIN_KISS, SCOTLAND, UK, '\u2764\uFE0F', 'e\u0301'])(
    'R-9.CONST-04 %j is one character',
    (text) => {
      expect(countGraphemes(text)).toBe(1);
    },
  );

  it('a fourth grapheme is too long when not cut (the profile refuses rather than cuts)', () => {
    expect(initialsProblem('ABCD')).toBe(initialsMessages.tooLong);
    expect(initialsProblem(`${FAMILY}${FAMILY}${FAMILY}${FAMILY}`)).toBe(initialsMessages.tooLong);
  });

  it('three graphemes heaped with combining marks are too long (UTF-16 bound)', () => {
    const heaped = `A${'\u0301'.repeat(80)}`;
    expect(countGraphemes(heaped)).toBe(1);
    expect(initialsProblem(heaped)).toBe(initialsMessages.tooLong);
  });
});

describe('issue 13.11: hidden characters are refused', () => {
  it.each([
    ['U+202A left-to-right embedding', '\u202AAB'],
    ['U+202B right-to-left embedding', 'A\u202BB'],
    ['U+202C pop directional formatting', 'AB\u202C'],
    ['U+202D left-to-right override', '\u202DAB'],
    ['U+202E right-to-left override', '\u202EAB'],
    ['U+2066 left-to-right isolate', '\u2066AB'],
    ['U+2067 right-to-left isolate', '\u2067AB'],
    ['U+2068 first strong isolate', '\u2068AB'],
    ['U+2069 pop directional isolate', 'A\u2069'],
    ['U+200E left-to-right mark', 'A\u200E'],
    ['U+200F right-to-left mark', 'A\u200F'],
    ['U+061C Arabic letter mark', 'A\u061C'],
    ['U+0000 NUL (Cc)', 'A\u0000'],
    ['U+0007 bell (Cc)', 'A\u0007'],
    ['U+0085 next line (Cc)', 'A\u0085'],
    ['U+200B zero-width space (Cf)', 'A\u200BB'],
    ['U+FEFF byte-order mark (Cf)', '\uFEFFAB'],
    ['U+00AD soft hyphen (Cf)', 'A\u00ADB'],
    ['U+2028 line separator (Zl)', 'A\u2028'],
    ['U+2029 paragraph separator (Zp)', 'A\u2029'],
    ['a lone surrogate (Cs)', 'A\uD800'],
    ['private use (Co)', 'A\uE000'],
    ['unassigned (Cn)', 'A\u0378'],
    ['a ZWJ outside an emoji', 'A\u200DB'],
    ['tags outside a recommended flag', '\u{1F3F4}\u{E0041}\u{E007F}'],
  ])('%s', (_name, text) => {
    expect(initialsProblem(normaliseInitials(text))).toBe(initialsMessages.invalid);
  });

  it('emoji that need ZWJ or tags to draw are not hidden characters', () => {
    for (const emoji of [FAMILY, SKIN_KISS, SCOTLAND]) expect(initialsProblem(emoji)).toBeNull();
  });

  it('a code point this runtime does not know is refused, not guessed at', () => {
    // When Unicode assigns it, the runtime's tables decide; until then it shows as a box.
    if (/\p{Cn}/u.test(BAGPIPES)) expect(initialsProblem(BAGPIPES)).toBe(initialsMessages.invalid);
  });
});

describe('issue 13.11: without Intl.Segmenter the fallback cuts the same places', () => {
  it.each([`AB${FAMILY}C`, `${UK}${UK}${UK}`, `${SCOTLAND}x${SKIN_KISS}`, 'e\u0301ß\u2764\uFE0F'])(
    '%j',
    (text) => {
      expect([...fallbackGraphemes(text)]).toEqual([...graphemes(text)]);
    },
  );
});

describe('issue 21.3: the initials rule costs nothing until used', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** Counts `new Intl.Segmenter` and `new RegExp` from here on (literals are not counted). */
  function countBuilt() {
    const built = { segmenters: 0, patterns: 0 };
    const RealSegmenter = Intl.Segmenter;
    const RealRegExp = RegExp;
    vi.stubGlobal('Intl', {
      ...Intl,
      Segmenter: new Proxy(RealSegmenter, {
        construct: (target, args: ConstructorParameters<typeof Intl.Segmenter>) => {
          built.segmenters += 1;
          return new target(...args);
        },
      }),
    });
    vi.stubGlobal(
      'RegExp',
      new Proxy(RealRegExp, {
        construct: (target, args: [string, string?]) => {
          built.patterns += 1;
          return new target(...args);
        },
      }),
    );
    return built;
  }

  it('issue 21.3: loading it (as the first load entry does) builds no segmenter and no emoji pattern', async () => {
    vi.resetModules();
    const built = countBuilt();
    const fresh = await import('./initials.ts');
    expect(built).toEqual({ segmenters: 0, patterns: 0 });
    // Plain initials, what a stored value almost always is, still need neither.
    expect(fresh.initialsProblem('ABC')).toBeNull();
    expect(fresh.normaliseInitials('abcd')).toBe('ABC');
    expect(built).toEqual({ segmenters: 0, patterns: 0 });
    // Emoji need both, built once.
    expect(fresh.initialsProblem(FAMILY)).toBeNull();
    expect(fresh.countGraphemes(`${FAMILY}${UK}`)).toBe(2);
    expect(built).toEqual({ segmenters: 1, patterns: 1 });
  });

  it.each(['', ' ', 'A B', '~!}', 'abc\u007F', 'ab\u0000', 'a\tb', 'a\r\nb'])(
    'issue 21.3: the ASCII shortcut cuts %j where Intl.Segmenter does',
    (text) => {
      const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
      expect([...graphemes(text)]).toEqual([...segmenter.segment(text)].map((s) => s.segment));
      expect(hasHiddenCharacters(text)).toBe(/[\p{Cc}]/u.test(text));
    },
  );
});
