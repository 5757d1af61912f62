/**
 * How a gazetteer place is named to a piper: 'Perth, Scotland, United Kingdom'. GeoNames gives
 * regions as codes; the United Kingdom's four nations are named (pipers care which), other
 * regions are left out rather than shown as numbers. Country names come from the browser's
 * Intl.DisplayNames (no data shipped), falling back to the ISO code.
 */
import type { Place } from '../../../contracts/directory/directorySchemas.ts';

const UK_NATIONS: Record<string, string> = {
  ENG: 'England',
  SCT: 'Scotland',
  WLS: 'Wales',
  NIR: 'Northern Ireland',
};

let countryNames: Intl.DisplayNames | null | undefined;

export function countryName(code: string): string {
  if (countryNames === undefined) {
    try {
      countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      countryNames = null;
    }
  }
  try {
    return countryNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function placeLabel(place: Pick<Place, 'name' | 'country' | 'region'>): string {
  const nation = place.country === 'GB' ? UK_NATIONS[place.region] : undefined;
  return [place.name, nation, countryName(place.country)].filter(Boolean).join(', ');
}
