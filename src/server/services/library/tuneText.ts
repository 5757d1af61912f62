/**
 * How a tune's words are kept for search and links (issue 15 items 2, 5, 8), in one place so
 * upload, seeding and curation edits all write them the same way.
 */

/** Lower case, accents and apostrophes dropped, runs of anything else one space. */
export function normaliseTitle(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The trigram-indexed text: title and aliases, normalised, one per line. */
export function searchTextOf(title: string, aliases: readonly string[]): string {
  return [title, ...aliases].map(normaliseTitle).filter(Boolean).join('\n');
}

/** 'The Barren Rocks of Aden' → 'the-barren-rocks-of-aden' (at most 80 characters). */
export function slugOf(title: string): string {
  const slug = normaliseTitle(title).replace(/ /g, '-').slice(0, 80).replace(/-+$/, '');
  return slug || 'tune';
}
