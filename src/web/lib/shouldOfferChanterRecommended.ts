/**
 * When the Chanter Recommended dialog is due (spec §2.4; issue 22 item 12). The spec says when
 * it may show: "when the standard chanter profile is in use", and what it says: "a custom
 * chanter gives more accurate note detection". It does not say when, and opening it before
 * the piper has played a note greeted every first visit to a listening screen with a nag
 * about something not yet tried. Note detection means something once the microphone has
 * heard the chanter, so the dialog is due after the piper has played a few notes through the
 * microphone, at a moment no note is sounding (between notes, or when the piper stops), and
 * never over a game in progress. The keyboard chanter detects nothing, so it never makes the dialog due. The
 * dialog service still applies the spec's session, seen and chanter rules (spec §4 'Dialog
 * display'); forced navigation ('Set Up Custom Chanter') is unchanged.
 */
import { STANDARD_CHANTER } from '../storage/keys.ts';

/**
 * Notes the microphone must hear first: a few, so the piper has seen how the app reads the
 * chanter (a scale's first bars), and not a lone misheard blip.
 */
export const OFFER_AFTER_NOTES = 4;

export interface ListeningSoFar {
  /** The selected chanter's name (spec §3 'global_selected_chanter'). */
  readonly chanterName: string;
  readonly input: 'microphone' | 'keyboard';
  /** Notes begun through the microphone since the screen opened. */
  readonly notesHeard: number;
  /** A note is sounding now. */
  readonly sounding: boolean;
  /** The screen can take a dialog now (false while a game is being played). */
  readonly atRest: boolean;
}

export function shouldOfferChanterRecommended(s: ListeningSoFar): boolean {
  return (
    s.chanterName === STANDARD_CHANTER &&
    s.input === 'microphone' &&
    s.notesHeard >= OFFER_AFTER_NOTES &&
    !s.sounding &&
    s.atRest
  );
}
