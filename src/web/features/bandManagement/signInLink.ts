import { paths } from '../../../contracts/routes.ts';

/** The sign-in page, bringing the piper back to `back` (path and query) afterwards. */
export const signInLink = (back: string) => `${paths.auth}?redirect=${encodeURIComponent(back)}`;
