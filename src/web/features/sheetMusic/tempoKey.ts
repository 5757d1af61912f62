import type { RecentTune } from '../../storage/keys.ts';

/**
 * The name under which a tune's chosen tempo is remembered (issue 6 item 8): a library tune by
 * its id, a local file by its name; with the tune's place in a multi-tune file.
 */
export function tempoKey(tune: RecentTune, index: number): string {
  return tune.kind === 'library' ? `library:${tune.id}#${index}` : `file:${tune.name}#${index}`;
}
