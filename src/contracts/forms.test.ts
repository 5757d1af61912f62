import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  featureRequestSchema,
  fieldErrors,
  formMessages,
  looksLikeEmail,
  secondsToWait,
  waitButtonLabel,
  waitMessage,
} from './forms.ts';

describe('form rules shared by the screens and the server', () => {
  it('R-5.CONTACT-05 R-2.3.FEAT-07 the wait texts are the spec’s', () => {
    expect(waitMessage(42)).toBe('Please wait 42 seconds before submitting again.');
    expect(waitButtonLabel(7)).toBe('Wait 7s to submit again');
  });

  it('R-9.CONST-01 the wait is 60 s from the last submission, rounded up, never more than 60', () => {
    const last = 1_000_000;
    expect(secondsToWait(0, last)).toBe(0);
    expect(secondsToWait(last, last)).toBe(60);
    expect(secondsToWait(last, last + 100)).toBe(60);
    expect(secondsToWait(last, last + 59_001)).toBe(1);
    expect(secondsToWait(last, last + 60_000)).toBe(0);
    expect(secondsToWait(last, last - 30_000)).toBe(60);
  });

  it('R-5.CONTACT-04 R-5.FEAT-06 an email needs an at sign and a dot, nothing stricter', () => {
    expect(looksLikeEmail('a@b.c')).toBe(true);
    expect(looksLikeEmail('a.b@c')).toBe(true);
    expect(looksLikeEmail('ab.c')).toBe(false);
    expect(looksLikeEmail('a@bc')).toBe(false);
  });

  it('reports the first message per field, in field order', () => {
    expect(fieldErrors(contactSchema, { name: '', email: 'x', message: '' })).toEqual({
      name: formMessages.nameRequired,
      email: formMessages.invalidEmail,
      message: formMessages.messageRequired,
    });
    expect(fieldErrors(contactSchema, {})).toEqual({
      name: formMessages.nameRequired,
      email: formMessages.emailRequired,
      message: formMessages.messageRequired,
    });
  });

  it('R-3.FORMS-04 the browser is kept for bugs only', () => {
    const base = {
      title: 'Tuner',
      email: 'a@b.org',
      description: 'It freezes after a minute.',
      browser: 'Chrome 131',
    };
    expect(featureRequestSchema.parse({ ...base, type: 'bug' }).browser).toBe('Chrome 131');
    expect(featureRequestSchema.parse({ ...base, type: 'feature' }).browser).toBeUndefined();
  });
});
