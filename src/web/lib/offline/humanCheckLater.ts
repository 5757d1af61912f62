/**
 * What an offline ALTCHA check reports through HumanCheck's onChange when the form allows it
 * (`allowLater`; issue 18 item 1): not a proof but a promise to solve one when the connection
 * returns (solveHumanCheck.ts). A form seeing it keeps its message in the outbox, marked to have
 * its check solved then; it is never sent as a proof.
 */
export const HUMAN_CHECK_LATER = 'solve-when-online';
