#!/usr/bin/env node
/**
 * `npm run audit:deps` (issue 13.17): a dependency check that also works where npm's advisory
 * service cannot be reached (offline CI; here the registry proxy refuses the bulk-advisory
 * POST with 405). security/README.md describes the rules and the pinned list's format.
 *
 *   1. `npm audit --omit=dev --json`, given AUDIT_TIMEOUT_MS (default 20 s): fails on high or
 *      critical. Unreachable (error answer, timeout, no JSON): says so and why, and goes on.
 *   2. Always: package-lock.json's runtime packages against security/advisories.json; fails on
 *      any installed version inside a listed range.
 *
 * Flags: --offline (or AUDIT_OFFLINE=1) skips step 1; --include-dev checks dev-only packages
 * in step 2 too. Exit 0 when clean, 1 otherwise. Ends with one JSON line for CI logs.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  installedPackages,
  matchAdvisories,
  parseAdvisories,
  readNpmAudit,
} from './advisoryCheck.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const offline = args.has('--offline') || process.env.AUDIT_OFFLINE === '1';
const includeDev = args.has('--include-dev');
const timeoutMs = Number(process.env.AUDIT_TIMEOUT_MS ?? 20_000);
const started = performance.now();

/** npm audit's stdout, or null when it did not finish in time. */
function runNpmAudit() {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd: root, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      // npm audit exits 1 when it finds something: the JSON tells, not the status.
      (error, stdout) => resolve(error?.killed ? null : String(stdout ?? '')),
    );
  });
}

let failed = false;
let mode = 'pinned list only (--offline)';

if (!offline) {
  const stdout = await runNpmAudit();
  const audit =
    stdout === null
      ? { reached: false, reason: `no answer within ${timeoutMs} ms (AUDIT_TIMEOUT_MS)` }
      : readNpmAudit(stdout);
  if (audit.reached) {
    mode = 'npm audit + pinned list';
    const c = audit.counts;
    console.log(
      `npm audit --omit=dev: critical ${c.critical ?? 0}, high ${c.high ?? 0}, moderate ${c.moderate ?? 0}, low ${c.low ?? 0}`,
    );
    if (audit.failing > 0) {
      failed = true;
      console.error(`npm audit: high or critical in ${audit.names.join(', ')}. Upgrade them.`);
    }
  } else {
    mode = 'pinned list only (advisory service unreachable)';
    console.warn(
      `npm audit: the advisory service could not be reached (${audit.reason}). ` +
        'Checking package-lock.json against security/advisories.json instead.',
    );
  }
}

let advisories;
let installed;
try {
  advisories = parseAdvisories(
    JSON.parse(readFileSync(join(root, 'security/advisories.json'), 'utf8')),
  );
  installed = installedPackages(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')), {
    includeDev,
  });
} catch (error) {
  console.error(`audit:deps: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const found = matchAdvisories(installed, advisories);
console.log(
  `pinned list: ${installed.length} ${includeDev ? '' : 'runtime '}packages in package-lock.json checked against ${advisories.length} advisories`,
);
for (const f of found) {
  failed = true;
  const fix = f.advisory.fixed ? `fixed in ${f.advisory.fixed}` : 'no fix yet';
  console.error(
    `  ${f.name}@${f.version} (${f.path}): ${f.advisory.id} ${f.advisory.severity}, ${f.advisory.title}; ${fix}. ${f.advisory.url}`,
  );
}

const ms = Math.round(performance.now() - started);
console.log(
  failed ? `audit:deps: FAILED (${mode}, ${ms} ms)` : `audit:deps: ok (${mode}, ${ms} ms)`,
);
console.log(
  JSON.stringify({ check: 'audit:deps', ok: !failed, mode, pinnedMatches: found.length, ms }),
);
process.exit(failed ? 1 : 0);
