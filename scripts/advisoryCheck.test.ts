import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  installedPackages,
  isVulnerable,
  matchAdvisories,
  packageNameOf,
  parseAdvisories,
  readNpmAudit,
} from './advisoryCheck.mjs';

const advisory = (over: Record<string, unknown> = {}) => ({
  id: 'GHSA-test-0000-0000',
  package: 'fastify',
  vulnerable: '<5.7.2',
  fixed: '5.7.2',
  severity: 'high',
  title: 'test',
  url: 'https://example.invalid/advisory',
  ...over,
});

describe('advisory range matching (issue 13.17)', () => {
  it.each([
    ['5.7.1', '<5.7.2', true],
    ['5.7.2', '<5.7.2', false],
    ['5.12.8', '<5.7.2', false],
    ['4.29.0', '<5.7.2', true],
    ['8.0.4', '<=8.0.4', true],
    ['8.0.5', '<=8.0.4', false],
    ['2.1.0', '>=2.0.0 <2.3.1', true],
    ['2.3.1', '>=2.0.0 <2.3.1', false],
    ['1.9.9', '>=2.0.0 <2.3.1', false],
    ['1.0.0', '<1.2.0 || >=2.0.0 <2.0.3', true],
    ['1.5.0', '<1.2.0 || >=2.0.0 <2.0.3', false],
    ['2.0.2', '<1.2.0 || >=2.0.0 <2.0.3', true],
    ['1.4.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['1.2.3', '~1.2.0', true],
    ['1.3.0', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['5.7.2-rc.1', '<5.7.2', true], // a prerelease of the fixed version is still affected
    ['5.8.0-beta.1', '>=5.7.0 <5.9.0', true],
    ['not-a-version', '*', false],
  ])('issue 13.17: %s in %s → %s', (version, range, expected) => {
    expect(isVulnerable(version, range)).toBe(expected);
  });
});

describe('the pinned advisory list (issue 13.17)', () => {
  it('the committed security/advisories.json is valid', () => {
    const json = JSON.parse(readFileSync('security/advisories.json', 'utf8'));
    expect(parseAdvisories(json).length).toBeGreaterThan(0);
  });

  it('an empty list is valid', () => {
    expect(parseAdvisories({ advisories: [] })).toEqual([]);
  });

  it.each([
    ['no advisories array', {}, /"advisories" array/],
    ['a missing package', { advisories: [advisory({ package: '' })] }, /"package"/],
    ['a range that does not parse', { advisories: [advisory({ vulnerable: 'soon' })] }, /semver/],
    ['an unknown severity', { advisories: [advisory({ severity: 'urgent' })] }, /"severity"/],
    ['a fixed version that is not one', { advisories: [advisory({ fixed: 'next' })] }, /"fixed"/],
    ['a fixed version inside the range', { advisories: [advisory({ fixed: '5.7.1' })] }, /inside/],
  ])('refuses %s, naming it', (_name, json, message) => {
    expect(() => parseAdvisories(json)).toThrow(message);
  });

  it('accepts an advisory with no fix yet', () => {
    expect(parseAdvisories({ advisories: [advisory({ fixed: null })] })).toHaveLength(1);
  });
});

describe('package-lock.json (issue 13.17)', () => {
  const lock = {
    lockfileVersion: 3,
    packages: {
      '': { name: 'chanterlab', version: '1.0.0' },
      'node_modules/fastify': { version: '5.7.1' },
      'node_modules/@fastify/static': { version: '10.1.11' },
      'node_modules/a/node_modules/fastify': { version: '4.29.0' },
      'node_modules/vite': { version: '8.3.8', dev: true },
      'node_modules/linked': { link: true, resolved: 'packages/linked' },
      'node_modules/alias': { name: 'nodemailer', version: '8.0.4' },
    },
  };

  it('names packages by their last node_modules segment, scopes included', () => {
    expect(packageNameOf('node_modules/a/node_modules/@s/b')).toBe('@s/b');
    expect(packageNameOf('')).toBeNull();
  });

  it('lists runtime packages (nested copies and aliases too), not dev-only or links', () => {
    expect(installedPackages(lock).map((p) => `${p.name}@${p.version}`)).toEqual([
      'fastify@5.7.1',
      '@fastify/static@10.1.11',
      'fastify@4.29.0',
      'nodemailer@8.0.4',
    ]);
    expect(installedPackages(lock, { includeDev: true }).map((p) => p.name)).toContain('vite');
  });

  it('refuses a lockfile v1', () => {
    expect(() => installedPackages({ lockfileVersion: 1, dependencies: {} })).toThrow(
      /lockfileVersion 2 or 3/,
    );
  });

  it('finds every installed copy in a listed range, and nothing else', () => {
    const pinned = parseAdvisories({
      advisories: [
        advisory(),
        advisory({ id: 'N', package: 'nodemailer', vulnerable: '<8.0.5', fixed: '8.0.5' }),
        advisory({ id: 'V', package: 'vite', vulnerable: '*', fixed: null }),
      ],
    });
    const found = matchAdvisories(installedPackages(lock), pinned);
    expect(found.map((f) => `${f.path} ${f.advisory.id}`)).toEqual([
      'node_modules/fastify GHSA-test-0000-0000',
      'node_modules/a/node_modules/fastify GHSA-test-0000-0000',
      'node_modules/alias N',
    ]);
  });

  it("our own lockfile's runtime packages match none of the pinned advisories", () => {
    const ours = installedPackages(JSON.parse(readFileSync('package-lock.json', 'utf8')));
    const pinned = parseAdvisories(JSON.parse(readFileSync('security/advisories.json', 'utf8')));
    expect(matchAdvisories(ours, pinned)).toEqual([]);
  });
});

describe("npm audit's answer (issue 13.17)", () => {
  it('an error answer (the 405 this registry gives) is "not reached", with the reason', () => {
    const stdout = JSON.stringify({
      message:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(readNpmAudit(stdout)).toEqual({
      reached: false,
      reason:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(readNpmAudit('').reached).toBe(false);
  });

  it('counts high and critical as failing, and names them', () => {
    const stdout = JSON.stringify({
      vulnerabilities: {
        a: { severity: 'high' },
        b: { severity: 'moderate' },
        c: { severity: 'critical' },
      },
      metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 1 } },
    });
    expect(readNpmAudit(stdout)).toMatchObject({
      reached: true,
      failing: 2,
      names: ['a (high)', 'c (critical)'],
    });
  });

  it('a clean answer does not fail', () => {
    const stdout = JSON.stringify({
      vulnerabilities: {},
      metadata: { vulnerabilities: { info: 0, low: 2, moderate: 0, high: 0, critical: 0 } },
    });
    expect(readNpmAudit(stdout)).toMatchObject({ reached: true, failing: 0 });
  });
});
