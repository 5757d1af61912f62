/** Spec §7 'one-time email sign-in link': links expire after 10 minutes and work once. */
export const MAGIC_LINK_TTL_SECONDS = 10 * 60;
