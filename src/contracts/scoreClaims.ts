/**
 * How many score proofs (game session ids) one claim may carry, and so how many a device keeps
 * (src/contracts/account.ts `claimScoresSchema`). Its own zod-free module: the game screen that
 * keeps the proofs must not load the schema library for one number.
 */
export const MAX_CLAIM_SESSIONS = 500;
