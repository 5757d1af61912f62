/**
 * The two constants the always-loaded button needs, without importing the zod contract
 * (src/contracts/monitoring.ts keeps the same values; a test checks they agree).
 */
/** Spec §9: feedback widget success message, 5000 ms. */
export const FEEDBACK_SUCCESS_MS_PLAIN = 5000;
/** Spec §8, verbatim. */
export const FEEDBACK_THANKS_PLAIN = 'Thank you for your report!';
