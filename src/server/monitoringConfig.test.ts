/**
 * Issue 8 configuration: the human-check provider chosen from its keys, the public Sentry DSN,
 * the site owner, the bounded error table; and that the providers' secrets stay on the server.
 */
import { describe, expect, it } from 'vitest';
import { cspFor } from './app.ts';
import { humanCheckSettings, loadConfig, publicConfig } from './config.ts';

describe('monitoring configuration', () => {
  it('ALTCHA by default; nothing about Sentry', () => {
    const config = loadConfig({});
    expect(humanCheckSettings(config).provider).toBe('altcha');
    expect(publicConfig(config)).toMatchObject({ captchaProvider: 'altcha', sentryDsn: '' });
    expect(config.CLIENT_ERROR_ROWS).toBe(1000);
    expect(config.SITE_OWNER_EMAIL).toBeUndefined();
  });

  it('Turnstile when both of its keys are set; its secret never reaches the browser', () => {
    const config = loadConfig({
      TURNSTILE_SITE_KEY: '0x4AAAAAAA-site',
      TURNSTILE_SECRET_KEY: '0x4AAAAAAA-secret-TOPSECRET',
      HCAPTCHA_SITE_KEY: 'hc-site',
      HCAPTCHA_SECRET: 'hc-secret-TOPSECRET',
    });
    expect(humanCheckSettings(config)).toEqual({
      provider: 'turnstile',
      siteKey: '0x4AAAAAAA-site',
      secret: '0x4AAAAAAA-secret-TOPSECRET',
    });
    const shown = JSON.stringify(publicConfig(config));
    expect(shown).toContain('0x4AAAAAAA-site');
    expect(shown).not.toContain('TOPSECRET');
    const csp = cspFor(config);
    expect(csp.scriptSrc).toContain('https://challenges.cloudflare.com');
    expect(csp.frameSrc).toContain('https://challenges.cloudflare.com');
  });

  it('hCaptcha when only its pair is complete; a site key without a secret is not enough', () => {
    expect(
      humanCheckSettings(loadConfig({ HCAPTCHA_SITE_KEY: 'hc-site', HCAPTCHA_SECRET: 'hc-secret' }))
        .provider,
    ).toBe('hcaptcha');
    expect(humanCheckSettings(loadConfig({ TURNSTILE_SITE_KEY: 'only-site' })).provider).toBe(
      'altcha',
    );
  });

  it('a SENTRY_DSN is public and opens the Content-Security-Policy to its origin only', () => {
    const dsn = 'https://abc123@o1.ingest.sentry.io/42';
    const config = loadConfig({ SENTRY_DSN: dsn });
    expect(publicConfig(config).sentryDsn).toBe(dsn);
    expect(cspFor(config).connectSrc).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
    expect(cspFor(loadConfig({})).connectSrc).toEqual(["'self'"]);
  });

  it('bad values are refused, naming the variable', () => {
    expect(() => loadConfig({ SITE_OWNER_EMAIL: 'not-an-address' })).toThrow('SITE_OWNER_EMAIL');
    expect(() => loadConfig({ SENTRY_DSN: 'nonsense' })).toThrow('SENTRY_DSN');
    expect(() => loadConfig({ CLIENT_ERROR_ROWS: '5' })).toThrow('CLIENT_ERROR_ROWS');
  });
});
