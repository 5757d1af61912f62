import { describe, expect, it } from 'vitest';
import { normaliseTitle, searchTextOf, slugOf } from './tuneText.ts';

describe('issue 15.2: tune words for search and links', () => {
  it('drops accents, apostrophes and punctuation', () => {
    expect(normaliseTitle("Wi' a Hundred Pipers")).toBe('wi a hundred pipers');
    expect(normaliseTitle('Mo Dhachaidh — Màiri’s Wedding')).toBe('mo dhachaidh mairis wedding');
  });
  it('keeps the title and each alias on its own line', () => {
    expect(searchTextOf("Mairi's Wedding", ['Lewis Bridal Song', ' '])).toBe(
      'mairis wedding\nlewis bridal song',
    );
  });
  it('makes a link-safe slug, never empty', () => {
    expect(slugOf('The Barren Rocks of Aden')).toBe('the-barren-rocks-of-aden');
    expect(slugOf('!!!')).toBe('tune');
    expect(slugOf('a'.repeat(100)).length).toBe(80);
  });
});
