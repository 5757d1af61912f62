/**
 * The sign-in mail (spec §7 'Send a one-time email sign-in link ... redirect-to address
 * {origin}/auth/callback?redirect={target}'). The link opens /auth/callback with the token in
 * the query; the page exchanges it for a session (spec §4 'Callback'). Opening the mail in a
 * scanner that fetches links does not use the token up: only the page's script does.
 */
import { safeRedirect } from '../../contracts/safeRedirect.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { MAGIC_LINK_TTL_SECONDS } from './magicLinkTtl.ts';

export const CALLBACK_PATH = '/auth/callback';

/** The link in the mail: {site}/auth/callback?redirect={target}&token={token}. */
export function callbackLink(siteUrl: string, verifyUrl: string, token: string): string {
  // The callback's origin was checked when the link was asked for (routes/auth.ts); the link
  // itself always names the site, and only the callback's same-site `redirect` path is kept.
  const callback = new URL(verifyUrl).searchParams.get('callbackURL');
  let redirect: string | null = null;
  if (callback) {
    try {
      redirect = new URL(callback, siteUrl).searchParams.get('redirect');
    } catch {
      redirect = null;
    }
  }
  const link = new URL(CALLBACK_PATH, siteUrl);
  link.searchParams.set('redirect', safeRedirect(redirect));
  link.searchParams.set('token', token);
  return link.toString();
}

export function magicLinkMail(input: {
  email: string;
  verifyUrl: string;
  token: string;
  siteUrl: string;
}): MailMessage {
  const link = callbackLink(input.siteUrl, input.verifyUrl, input.token);
  const minutes = Math.round(MAGIC_LINK_TTL_SECONDS / 60);
  const text = [
    'Sign in to Chanterlab with this link:',
    '',
    link,
    '',
    `It works once and expires in ${minutes} minutes.`,
    'If you did not ask to sign in, you can ignore this mail.',
  ].join('\n');
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const html = `<p>Sign in to Chanterlab with this link:</p><p><a href="${escaped}">Sign in to Chanterlab</a></p><p>It works once and expires in ${minutes} minutes. If you did not ask to sign in, you can ignore this mail.</p>`;
  return { to: input.email, subject: 'Your Chanterlab sign-in link', text, html };
}
