/** Enough for a piper's repertoire; the oldest choice is forgotten first. */
export const MAX_REMEMBERED_TEMPOS = 50;

/** The remembered tempos with `key` set to `bpm` and moved to the end (newest last). */
export function withTempo(
  tempos: Readonly<Record<string, number>>,
  key: string,
  bpm: number,
): Record<string, number> {
  const entries = Object.entries(tempos).filter(([k]) => k !== key);
  entries.push([key, bpm]);
  return Object.fromEntries(entries.slice(-MAX_REMEMBERED_TEMPOS));
}
