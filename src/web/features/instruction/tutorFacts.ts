/**
 * How a tutor listing reads on /instruction and on the profile (issue 16 item 5): the format,
 * the levels, the fee range and the distance in words. Pure, so the wording is tested once.
 */
import type { Tutor } from '../../../contracts/directory/tutorRoutes.ts';
import { TUTOR_LEVEL_LABELS } from '../../../contracts/directory/directoryTerms.ts';

export function formatText(tutor: Pick<Tutor, 'inPerson' | 'online'>): string {
  if (tutor.inPerson && tutor.online) return 'In person and online';
  return tutor.online ? 'Online' : 'In person';
}

/** 'Beginners, Competition preparation': the labels without their bracketed detail. */
export function levelsText(tutor: Pick<Tutor, 'levels'>): string {
  return tutor.levels.map((level) => TUTOR_LEVEL_LABELS[level].replace(/ \(.*\)$/, '')).join(', ');
}

/** '£20–30 a lesson' in the listing's currency; null when the tutor gives no fee. */
export function feeText(fee: Tutor['fee'], locale = 'en-GB'): string | null {
  if (!fee) return null;
  const money = (amount: number) => {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: fee.currency,
        maximumFractionDigits: 0,
      }).format(amount);
    } catch {
      return `${amount} ${fee.currency}`;
    }
  };
  const range = fee.min === fee.max ? money(fee.min) : `${money(fee.min)}–${money(fee.max)}`;
  return `${range} a lesson`;
}

/** '3 km away', '<1 km away'; null without a place searched from. */
export function distanceText(km: number | null): string | null {
  if (km === null) return null;
  if (km < 1) return 'Less than 1 km away';
  return `${km < 10 ? km.toFixed(1) : Math.round(km).toLocaleString('en-GB')} km away`;
}
