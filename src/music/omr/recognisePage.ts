/**
 * Placeholder until omr-core merges (issue 20): the command, the benchmark and the /omr screen
 * are built against this signature; the lead takes omr-core's recogniser in its place on merge.
 */
import { omrMessages, type GrayImage, type OmrResult } from './omrTypes.ts';

export function recognisePage(image: GrayImage): OmrResult {
  void image;
  return { ok: false, error: omrMessages.noStaves };
}
