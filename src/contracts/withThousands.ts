/**
 * A whole number with comma thousands separators, as `toLocaleString('en')` writes it, without
 * Intl (issue 21.3). Module-level messages used `toLocaleString`, whose first call sets up ICU
 * number formatting: ~10 ms of main-thread CPU (~40 ms at Lighthouse's 4× slowdown) in the task
 * that evaluated the practice store or the library terms before a page hydrated.
 */
export function withThousands(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
