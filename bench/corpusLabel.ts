/**
 * Which row of bench:composer a corpus tune is compared in (issue 19, 'Evaluated honestly':
 * 'real tunes of the same form'): its form, from the tune's type line or its folder, and only in
 * the time signature the composer writes that form in — airs in each of theirs ('air 6/8'). A
 * retreat in 9/8 has three dotted-crotchet beats where the composer's 3/4 retreat has three
 * crotchets, so pooled, the rhythm and grace-by-beat distances would measure the mix of
 * signatures rather than the music (the same reason airs are compared per signature, ADR 032).
 */
import { AIR_METERS, FORM_SPECS, type ComposerForm } from '../src/music/composer/composerForms.ts';
import { signatureOf } from '../src/music/composer/learnFormStats.ts';
import { barsOf, tuneText, type Tune } from '../src/music/tune/tune.ts';

export type CorpusLabel =
  | { readonly label: string; readonly form: ComposerForm }
  /** A tune of a form the composer writes, in another time signature: counted, not compared. */
  | { readonly label: null; readonly form: ComposerForm }
  | { readonly label: null; readonly form: null };

export function signatureOfTune(tune: Tune): string {
  // The time signature is written at the start of a line (or, rarely, inside a bar).
  const time =
    tune.parts.flatMap((p) => p.lines).find((l) => l.time)?.time ??
    barsOf(tune)
      .flatMap((b) => b.items)
      .find((i) => i.kind === 'time');
  return time && time.kind === 'time' ? signatureOf(time) : '';
}

function formOf(tune: Tune, path: string, sig: string): ComposerForm | null {
  const type = tuneText(tune, 'type').toLowerCase();
  const folder = path.toLowerCase();
  if (type.includes('strathspey')) return 'strathspey';
  if (type.includes('reel')) return 'reel';
  if (type.includes('jig')) return 'jig';
  if (type.includes('hornpipe') || folder.includes('hornpipe')) return 'hornpipe';
  if (type.includes('retreat')) return 'retreat';
  // 'air' as a word: 'Piobaireachd' has the letters too.
  if (/\bairs?\b/.test(type) || folder.includes('airs')) return 'slow air';
  if (type.includes('march') || folder.includes('march')) {
    if (sig === '2/4') return '2/4 march';
    if (sig === '6/8') return '6/8 march';
    if (sig === '3/4') return '3/4 march';
    if (sig === '4/4') return '4/4 march';
  }
  return null;
}

export function corpusLabelOf(tune: Tune, path: string): CorpusLabel {
  const sig = signatureOfTune(tune);
  const form = formOf(tune, path, sig);
  if (!form) return { label: null, form: null };
  if (form === 'slow air') {
    return (AIR_METERS as readonly string[]).includes(sig)
      ? { label: `air ${sig}`, form }
      : { label: null, form };
  }
  const { beats, beatType } = FORM_SPECS[form].time;
  return sig === `${beats}/${beatType}` ? { label: form, form } : { label: null, form };
}
