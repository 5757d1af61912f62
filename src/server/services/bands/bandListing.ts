/**
 * The listed rule for bands (issue 16 item 3), from the one rule both listings share
 * (../directory/listedRule.ts).
 */
import type { SQL } from 'drizzle-orm';
import { bands } from '../../db/schema/index.ts';
import { listedCondition as listedIn } from '../directory/listedRule.ts';

export { confirmCutoff, isListed, reminderCutoff } from '../directory/listedRule.ts';

/** The rule as SQL on `bands`. */
export function listedCondition(now: Date): SQL {
  return listedIn(bands, now);
}
