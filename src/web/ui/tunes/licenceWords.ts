/**
 * The licence choice in a native select, readable on a phone (omr-ux: 'the licence select fits
 * at 375 px'): a closed select shows only as much of its option as fits, and the library's
 * licence labels run to 70 characters ('Public domain (traditional, or the composer died over
 * 70 years ago)'), so the piper saw 'Public domain (traditional, or the compo'. The options
 * carry the licence's name; the full label is shown under the select for the one chosen.
 */
import { LICENCE_LABELS, type Licence } from '../../../contracts/library/libraryTerms.ts';

/** 'CC BY 4.0 — anyone may …' → 'CC BY 4.0'; 'Public domain (traditional …)' → 'Public domain'. */
export function licenceName(licence: Licence): string {
  return LICENCE_LABELS[licence].split(/\s+(?:—|\()/)[0]!.trim();
}

/** What the chosen licence means, in the library's own words. */
export function licenceMeaning(licence: Licence): string {
  return LICENCE_LABELS[licence];
}
