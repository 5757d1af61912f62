/**
 * The recognised tune named by the title read above the music (issue 20 item 1), where it still
 * has the reader's placeholder name: a name the piper gave is never overwritten.
 */
import type { Tune } from '../tune/tune.ts';
import { RECOGNISED_TITLE } from './assembleTune.ts';

export function withReadTitle(tune: Tune, title: string): Tune {
  const texts = tune.texts.map((t) =>
    t.role === 'title' && t.text === RECOGNISED_TITLE ? { ...t, text: title } : t,
  );
  return texts.some((t, i) => t !== tune.texts[i]) ? { ...tune, texts } : tune;
}
