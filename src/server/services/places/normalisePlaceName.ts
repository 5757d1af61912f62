/**
 * The form of a place name that searches compare: lower case, accents dropped ('Gävle' →
 * 'gavle'), 'saint'/'st.' alike ('St Andrews' finds 'Saint Andrews' and back), punctuation and
 * runs of spaces folded — so a piper typing on a phone finds the town however it is written.
 */
export function normalisePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(^| )saint( |$)/g, '$1st$2')
    .replace(/(^| )ste( |$)/g, '$1st$2')
    .trim();
}
