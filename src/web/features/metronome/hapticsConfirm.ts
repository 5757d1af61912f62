/**
 * Spec §8 'Haptics': Safari has no Vibration API, so enabling haptics there asks first, and
 * declining leaves haptics off. The user agent and the confirm function are parameters so
 * tests need neither a Safari nor a real dialog.
 */

export const HAPTICS_CONFIRM =
  'Haptics are not supported in Safari. Do you still want to enable haptics?';

/** Safari's UA says 'Safari' but so do Chrome, Edge, Firefox on iOS and Android browsers. */
export function isSafari(userAgent: string): boolean {
  return (
    /Safari\//.test(userAgent) &&
    !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA|Edg\/|OPR|Android/.test(userAgent)
  );
}

export type Confirm = (message: string) => boolean;

/** The one place the metronome calls window.confirm. */
export const browserConfirm: Confirm = (message) => window.confirm(message);

/** Whether turning haptics on may go ahead: always outside Safari, on 'OK' in Safari. */
export function mayEnableHaptics(userAgent: string, confirm: Confirm): boolean {
  return !isSafari(userAgent) || confirm(HAPTICS_CONFIRM);
}
