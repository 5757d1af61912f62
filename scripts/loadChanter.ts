/**
 * The --chanter option of the audio scripts (detect, playalong): 'standard', 'keyboard' or a
 * PATH.json custom chanter {"name": …, "id"?: …, "frequencies": [9 numbers]}.
 * Throws with a readable message.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  KEYBOARD_CHANTER,
  STANDARD_CHANTER,
  chanterProblem,
  type Chanter,
} from '../src/music/chanter.ts';

export function loadChanter(arg: string): Chanter {
  if (arg === 'standard') return STANDARD_CHANTER;
  if (arg === 'keyboard') return KEYBOARD_CHANTER;
  let parsed: { name?: unknown; id?: unknown; frequencies?: unknown };
  try {
    parsed = JSON.parse(readFileSync(arg, 'utf8')) as typeof parsed;
  } catch (error) {
    throw new Error(`cannot read chanter ${arg}: ${String(error)}`);
  }
  const frequencies = Array.isArray(parsed.frequencies) ? parsed.frequencies.map(Number) : [];
  const problem = chanterProblem(frequencies);
  if (problem) throw new Error(`chanter ${arg}: ${problem}`);
  const name = typeof parsed.name === 'string' ? parsed.name : basename(arg, '.json');
  return { id: typeof parsed.id === 'string' ? parsed.id : name, name, frequencies };
}
