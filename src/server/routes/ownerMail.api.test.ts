/**
 * Form submissions forwarded to the site owner (issue 8 part 2 'forwarded by mail to the site
 * owner when SMTP is configured'): through the shared mailer (SMTP, or the outbox here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

const OWNER = 'owner@chanterlab.example';
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SITE_OWNER_EMAIL: OWNER });
  bare = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

const contact = (app: TestApp, honeypot = '') =>
  app.app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      'form-name': 'contact',
      name: 'Morag Piper',
      email: 'morag@example.org',
      message: 'How do I tune my drones?',
      honeypot,
    }).toString(),
    remoteAddress: honeypot ? '10.3.0.2' : '10.3.0.1',
  });

describe('forwarding to SITE_OWNER_EMAIL', () => {
  it('a contact message is forwarded with the sender as Reply-To', async () => {
    expect((await contact(t)).statusCode).toBe(200);
    const mail = await t.app.mailer.outbox({ to: OWNER });
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Chanterlab contact form');
    expect(mail[0]?.text).toContain('How do I tune my drones?');
    expect(mail[0]?.text).toContain('Name: Morag Piper');
  });

  it('R-5.CONTACT-06 a honeypot hit is neither stored nor forwarded', async () => {
    const before = (await t.app.mailer.outbox({ to: OWNER })).length;
    expect((await contact(t, 'spam')).statusCode).toBe(200);
    expect(await t.app.mailer.outbox({ to: OWNER })).toHaveLength(before);
  });

  it('without SITE_OWNER_EMAIL nothing is forwarded (the submission is still stored)', async () => {
    expect((await contact(bare)).statusCode).toBe(200);
    expect(await bare.app.mailer.outbox()).toEqual([]);
  });
});
