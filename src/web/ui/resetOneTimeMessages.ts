import { resetAllOneTimeMessages } from '../storage/dialogFlags.ts';
import { sessionFlagsStore, settingsStore } from '../storage/settingsStore.ts';

/**
 * Clears every popup dismissal and dialog flag, then reloads the page (spec §2.3 Home
 * 'Show All One Time Messages' and 'Instruction popup' reset).
 */
export function resetOneTimeMessages(reload: () => void = () => window.location.reload()): void {
  resetAllOneTimeMessages({ local: settingsStore(), session: sessionFlagsStore() });
  reload();
}
