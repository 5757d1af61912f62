/**
 * The recogniser's placeholder until omr-core merges (issue 20 item 1): the /omr screen and
 * its worker need the recogniser's entry point to exist. The lead takes omr-core's file on
 * merge.
 */
import { omrMessages, type GrayImage, type OmrResult } from './omrTypes.ts';

export function recognisePage(image: GrayImage): OmrResult {
  void image;
  return { ok: false, error: omrMessages.noStaves };
}
