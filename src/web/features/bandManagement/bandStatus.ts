/**
 * A listing's state in words for its managers (issue 16 item 3): pending, public, rejected with
 * the reason, hidden, or needing to be confirmed (unconfirmed listings stop being listed after
 * confirmAfterDays; the reminder goes remindBeforeDays before).
 */
import type { Band } from '../../../contracts/directory/bandRoutes.ts';
import { DIRECTORY_LIMITS } from '../../../contracts/directory/directoryTerms.ts';

export type StatusTone = 'ok' | 'wait' | 'warn';

const DAY_MS = 86_400_000;

export function bandStatus(
  manage: NonNullable<Band['manage']>,
  now: Date,
): { label: string; detail: string | null; tone: StatusTone; needsConfirming: boolean } {
  const age = (now.getTime() - new Date(manage.confirmedAt).getTime()) / DAY_MS;
  const due = age >= DIRECTORY_LIMITS.confirmAfterDays - DIRECTORY_LIMITS.remindBeforeDays;
  if (manage.status === 'pending')
    return {
      label: 'Waiting for a moderator',
      detail: 'Your listing will appear once a moderator has checked it.',
      tone: 'wait',
      needsConfirming: due,
    };
  if (manage.status === 'rejected')
    return {
      label: 'Not approved',
      detail: manage.statusReason
        ? `The moderator said: ${manage.statusReason} Edit the listing to send it again.`
        : 'Edit the listing to send it again.',
      tone: 'warn',
      needsConfirming: false,
    };
  if (manage.status === 'hidden')
    return {
      label: 'Hidden by a moderator',
      detail: manage.statusReason,
      tone: 'warn',
      needsConfirming: false,
    };
  if (!manage.listed)
    return {
      label: 'Needs confirming',
      detail: `Not shown in the band finder: nobody has confirmed it for ${DIRECTORY_LIMITS.confirmAfterDays / 365 === 1 ? '12 months' : `${DIRECTORY_LIMITS.confirmAfterDays} days`}. Confirm it to list it again.`,
      tone: 'warn',
      needsConfirming: true,
    };
  return {
    label: due ? 'Public — needs confirming soon' : 'Public',
    detail: due ? 'Please confirm the details are still right to keep it listed.' : null,
    tone: due ? 'warn' : 'ok',
    needsConfirming: due,
  };
}
