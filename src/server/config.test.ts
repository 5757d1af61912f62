import { describe, expect, it } from 'vitest';
import { environmentNames } from '../contracts/environments.ts';
import {
  ConfigError,
  DEFAULT_PUBLIC_KEY,
  SECRET_VARIABLES,
  loadConfig,
  publicConfig,
} from './config.ts';

const ADMIN_TOKEN = 'admin-secret-0123456789abcdefXYZ';
const DATABASE_URL = 'postgres://chanterlab:db-password-s3cr3t@db.internal:5432/chanterlab';

/** loadConfig's error for `env`, failing the test if it does not throw a ConfigError. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe('loadConfig defaults', () => {
  it('an empty environment gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_ENV).toBe('production');
    expect(config.NODE_ENV).toBe('production');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.STATIC_DIR).toBe('./dist');
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(config.ADMIN_TOKEN).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('numbers arrive as strings from the environment and are parsed', () => {
    const config = loadConfig({
      PORT: '8080',
      SHUTDOWN_TIMEOUT_MS: '2500',
      WRITE_RATE_LIMIT_PER_MINUTE: '5',
    });
    expect(config.PORT).toBe(8080);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(2500);
    expect(config.WRITE_RATE_LIMIT_PER_MINUTE).toBe(5);
  });

  it('variables it does not know are ignored, not copied into the configuration', () => {
    const config = loadConfig({ PATH: '/usr/bin', SOMETHING_ELSE: 'x' });
    expect(config).not.toHaveProperty('PATH');
    expect(config).not.toHaveProperty('SOMETHING_ELSE');
  });
});

describe('environments', () => {
  it('R-1.ENV-01 exactly three environments exist: development, staging, production', () => {
    expect([...environmentNames]).toEqual(['development', 'staging', 'production']);
    const config = loadConfig({});
    expect(Object.keys(config.environments).sort()).toEqual([
      'development',
      'production',
      'staging',
    ]);
  });

  it("R-1.ENV-02 the default environment is 'production'", () => {
    expect(loadConfig({}).APP_ENV).toBe('production');
    expect(publicConfig(loadConfig({})).environment).toBe('production');
  });

  it('R-1.ENV-03 only the three environment names are accepted', () => {
    for (const name of environmentNames) expect(loadConfig({ APP_ENV: name }).APP_ENV).toBe(name);
    for (const bad of ['prod', 'Production', 'test', 'local', ' staging']) {
      const error = configError({ APP_ENV: bad });
      expect(error.message).toContain('APP_ENV');
    }
  });

  it('R-1.ENV-05 each environment has a backend URL, a public anonymous key and a project name', () => {
    const own = loadConfig({});
    expect(own.environments.production).toEqual({
      backendUrl: '/api',
      publicKey: DEFAULT_PUBLIC_KEY,
      projectName: 'Chanterlab',
    });
    const all = loadConfig({
      DEVELOPMENT_BACKEND_URL: 'http://localhost:3001/api',
      DEVELOPMENT_PUBLIC_KEY: 'dev-key',
      DEVELOPMENT_PROJECT_NAME: 'Chanterlab (dev)',
      STAGING_BACKEND_URL: 'https://staging.chanterlab.example/api',
      STAGING_PUBLIC_KEY: 'staging-key',
      STAGING_PROJECT_NAME: 'Chanterlab (staging)',
      PRODUCTION_BACKEND_URL: 'https://chanterlab.example/api',
      PRODUCTION_PUBLIC_KEY: 'production-key',
      PRODUCTION_PROJECT_NAME: 'Chanterlab',
    });
    for (const name of environmentNames) {
      const backend = all.environments[name];
      expect(backend, name).not.toBeNull();
      expect(backend!.backendUrl.length).toBeGreaterThan(0);
      expect(backend!.publicKey.length).toBeGreaterThan(0);
      expect(backend!.projectName.length).toBeGreaterThan(0);
    }
    expect(all.environments.staging).toEqual({
      backendUrl: 'https://staging.chanterlab.example/api',
      publicKey: 'staging-key',
      projectName: 'Chanterlab (staging)',
    });
    // The public configuration carries all three to the browser.
    expect(publicConfig(all).environments).toEqual(all.environments);
  });

  it('an environment that is not this server and has no backend configured is null, not half-filled', () => {
    const config = loadConfig({ STAGING_BACKEND_URL: 'https://staging.example/api' });
    expect(config.environments.staging).toBeNull();
    expect(config.environments.development).toBeNull();
  });

  it("the server's own environment follows APP_ENV", () => {
    const config = loadConfig({ APP_ENV: 'staging' });
    expect(config.environments.staging).toEqual({
      backendUrl: '/api',
      publicKey: DEFAULT_PUBLIC_KEY,
      projectName: 'Chanterlab',
    });
    expect(config.environments.production).toBeNull();
  });

  it('R-1.ENV-06 the configuration has a public site URL', () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_SITE_URL: 'https://chanterlab.example/' });
    expect(config.siteUrl).toBe('https://chanterlab.example');
    expect(publicConfig(config).siteUrl).toBe('https://chanterlab.example');
    expect(configError({ PUBLIC_SITE_URL: 'not a url' }).message).toContain('PUBLIC_SITE_URL');
  });

  it('R-1.ENV-07 the configuration has a captcha site key', () => {
    expect(publicConfig(loadConfig({})).captchaSiteKey).toBe('');
    const config = loadConfig({ CAPTCHA_SITE_KEY: '0x4AAAAAAA-site-key' });
    expect(config.CAPTCHA_SITE_KEY).toBe('0x4AAAAAAA-site-key');
    expect(publicConfig(config).captchaSiteKey).toBe('0x4AAAAAAA-site-key');
  });
});

describe('backend keys', () => {
  it('R-6.ROLES-08 the configuration carries an anonymous-role key for the production and staging backends', () => {
    const config = loadConfig({
      STAGING_BACKEND_URL: 'https://staging.chanterlab.example/api',
      STAGING_PUBLIC_KEY: 'staging-anon-key',
      STAGING_PROJECT_NAME: 'Chanterlab (staging)',
      PRODUCTION_PUBLIC_KEY: 'production-anon-key',
    });
    expect(config.environments.production?.publicKey).toBe('production-anon-key');
    expect(config.environments.staging?.publicKey).toBe('staging-anon-key');
    // Public by design: the browser sends it with every data call.
    const shown = publicConfig(config);
    expect(shown.environments.production?.publicKey).toBe('production-anon-key');
    expect(shown.environments.staging?.publicKey).toBe('staging-anon-key');
  });

  it('R-6.ROLES-09 the configuration carries a privileged service-role key (ADMIN_TOKEN), kept on the server', () => {
    for (const APP_ENV of ['production', 'staging'] as const) {
      const config = loadConfig({ APP_ENV, ADMIN_TOKEN });
      expect(config.ADMIN_TOKEN).toBe(ADMIN_TOKEN);
      // R-6.ROLES-10: the privileged key never reaches the browser.
      expect(JSON.stringify(publicConfig(config))).not.toContain(ADMIN_TOKEN);
    }
    expect(SECRET_VARIABLES).toContain('ADMIN_TOKEN');
  });

  it('a privileged key too short to be a secret is rejected, naming ADMIN_TOKEN without echoing it', () => {
    const error = configError({ ADMIN_TOKEN: 'short-token' });
    expect(error.message).toContain('ADMIN_TOKEN');
    expect(error.message).not.toContain('short-token');
  });
});

describe('invalid values throw ConfigError naming the variable', () => {
  it.each(['abc', '70000', '-1', '3.5', '80 80'])('PORT=%j', (value) => {
    const error = configError({ PORT: value });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/\bPORT\b/);
  });

  it.each([
    'mysql://user:db-password-s3cr3t@host/db',
    'localhost:5432',
    'http://db.internal/chanterlab',
  ])('DATABASE_URL=%j', (value) => {
    const error = configError({ DATABASE_URL: value });
    expect(error.message).toContain('DATABASE_URL');
    // The URL may hold a password: the message names the variable, never its value.
    if (value) expect(error.message).not.toContain(value);
    expect(error.message).not.toContain('db-password-s3cr3t');
  });

  it('an empty variable counts as unset and takes its default', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', APP_ENV: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_ENV).toBe('production');
  });

  it('postgres:// and postgresql:// URLs are accepted', () => {
    expect(loadConfig({ DATABASE_URL }).DATABASE_URL).toBe(DATABASE_URL);
    const alt = 'postgresql://localhost/chanterlab';
    expect(loadConfig({ DATABASE_URL: alt }).DATABASE_URL).toBe(alt);
  });

  it('every bad variable is named at once', () => {
    const error = configError({ PORT: 'abc', APP_ENV: 'prod', DATABASE_URL: 'mysql://x' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('APP_ENV');
    expect(error.message).toContain('DATABASE_URL');
  });

  it.each([
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'yes'],
    ['SHUTDOWN_TIMEOUT_MS', '10'],
    ['DATABASE_POOL_SIZE', '0'],
    ['WRITE_RATE_LIMIT_PER_MINUTE', 'lots'],
  ])('%s=%j', (name, value) => {
    expect(configError({ [name]: value }).message).toContain(name);
  });
});

describe('publicConfig', () => {
  const everything = {
    DATABASE_URL,
    ADMIN_TOKEN,
    ALTCHA_HMAC_KEY: 'altcha-hmac-key-s3cr3t-0123456789abcdef',
    TURNSTILE_SITE_KEY: 'turnstile-site-key',
    TURNSTILE_SECRET_KEY: 'turnstile-s3cr3t-0123456789',
    HCAPTCHA_SITE_KEY: 'hcaptcha-site-key',
    HCAPTCHA_SECRET: 'hcaptcha-s3cr3t-0123456789',
    BETTER_AUTH_SECRET: 'better-auth-s3cr3t-0123456789abcdef0123',
    GOOGLE_CLIENT_SECRET: 'google-client-s3cr3t-0123456789',
    SMTP_URL: 'smtps://mailer:smtp-pa55word-s3cr3t@smtp.example.org:465',
    PUBLIC_SITE_URL: 'https://chanterlab.example',
    CAPTCHA_SITE_KEY: 'captcha-site-key',
    STAGING_BACKEND_URL: 'https://staging.chanterlab.example/api',
    STAGING_PUBLIC_KEY: 'staging-key',
    STAGING_PROJECT_NAME: 'Chanterlab (staging)',
  };

  it.each(environmentNames)(
    'never contains DATABASE_URL, ADMIN_TOKEN or ALTCHA_HMAC_KEY values (APP_ENV=%s)',
    (APP_ENV) => {
      const config = loadConfig({ ...everything, APP_ENV });
      const shown = JSON.stringify(publicConfig(config));
      for (const name of SECRET_VARIABLES) {
        const value = config[name];
        expect(value, name).toBeTruthy();
        expect(shown).not.toContain(value);
      }
      expect(shown).not.toContain('db-password-s3cr3t');
      expect(shown).not.toContain('db.internal');
    },
  );

  it('has only the public fields', () => {
    const shown = publicConfig(loadConfig(everything));
    expect(Object.keys(shown).sort()).toEqual([
      'appVersion',
      'captchaProvider',
      'captchaSiteKey',
      'environment',
      'environments',
      'map',
      'ownerReplies',
      'sentryDsn',
      'siteUrl',
    ]);
  });

  it('issue 22.11: says whether an owner address is set, never the address', () => {
    expect(publicConfig(loadConfig({})).ownerReplies).toBe(false);
    const shown = publicConfig(loadConfig({ SITE_OWNER_EMAIL: 'pipe-major@band.example' }));
    expect(shown.ownerReplies).toBe(true);
    expect(JSON.stringify(shown)).not.toContain('pipe-major@band.example');
  });

  it('SECRET_VARIABLES lists every secret the server reads', () => {
    expect([...SECRET_VARIABLES].sort()).toEqual([
      'ADMIN_TOKEN',
      'ALTCHA_HMAC_KEY',
      'BETTER_AUTH_SECRET',
      'DATABASE_URL',
      'GOOGLE_CLIENT_SECRET',
      'HCAPTCHA_SECRET',
      'SMTP_URL',
      'TURNSTILE_SECRET_KEY',
    ]);
  });

  it('an ALTCHA_HMAC_KEY too short to be a secret is rejected, naming it', () => {
    expect(configError({ ALTCHA_HMAC_KEY: 'short-key' }).message).toContain('ALTCHA_HMAC_KEY');
  });
});

describe('TRUST_PROXY (issue 13.7)', () => {
  it.each([
    ['false', false],
    ['true', true],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.4', ['10.0.0.0/8', '192.168.1.4']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('issue 13.7: TRUST_PROXY=%j is accepted', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    'yes',
    '-1',
    '17',
    '1.5',
    '10.0.0.0/33',
    '::1/129',
    'proxy.example',
    '10.0.0.1,',
    '10.0.0.1/8/8',
  ])('issue 13.7: TRUST_PROXY=%j stops the server naming the variable', (value) => {
    const message = configError({ TRUST_PROXY: value }).message;
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('hop count');
  });
});
