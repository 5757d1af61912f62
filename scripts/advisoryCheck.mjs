/**
 * The pure half of `npm run audit:deps` (issue 13.17): read npm's audit answer, list the
 * packages package-lock.json installs, and match them against the pinned advisory list
 * (security/advisories.json). No network, no file system: scripts/auditDeps.mjs does those.
 */
import semver from 'semver';

export const SEVERITIES = ['low', 'moderate', 'high', 'critical'];
/** npm audit fails the check at this level and above (high and critical). */
export const FAIL_LEVEL = 'high';

const fail = (where, what) => new Error(`security/advisories.json: ${where}: ${what}`);

/**
 * Checks the advisory list's shape (documented in security/README.md) and answers its
 * advisories. Throws naming the entry and field at fault, so a typo cannot silently pass.
 */
export function parseAdvisories(json) {
  if (!json || typeof json !== 'object' || !Array.isArray(json.advisories)) {
    throw fail('top level', 'expected an object with an "advisories" array');
  }
  return json.advisories.map((entry, i) => {
    const where = `advisories[${i}]${entry && typeof entry.id === 'string' ? ` (${entry.id})` : ''}`;
    if (!entry || typeof entry !== 'object') throw fail(where, 'expected an object');
    for (const field of ['id', 'package', 'vulnerable', 'url', 'severity', 'title']) {
      if (typeof entry[field] !== 'string' || entry[field].trim() === '') {
        throw fail(where, `"${field}" must be a non-empty string`);
      }
    }
    if (semver.validRange(entry.vulnerable) === null) {
      throw fail(where, `"vulnerable" is not a semver range: ${entry.vulnerable}`);
    }
    if (entry.fixed !== null && (typeof entry.fixed !== 'string' || !semver.valid(entry.fixed))) {
      throw fail(where, '"fixed" must be a version, or null when no fix exists');
    }
    if (typeof entry.fixed === 'string' && semver.satisfies(entry.fixed, entry.vulnerable)) {
      throw fail(where, `"fixed" ${entry.fixed} lies inside "vulnerable" ${entry.vulnerable}`);
    }
    if (!SEVERITIES.includes(entry.severity)) {
      throw fail(where, `"severity" must be one of ${SEVERITIES.join(', ')}`);
    }
    return entry;
  });
}

/** The package name of a lockfile path: 'node_modules/a/node_modules/@s/b' → '@s/b'. */
export function packageNameOf(path) {
  const at = path.lastIndexOf('node_modules/');
  return at === -1 ? null : path.slice(at + 'node_modules/'.length);
}

/**
 * Every installed package (name, version, lockfile path) of a lockfile v2/v3, without the
 * dev-only ones unless asked: the same set as `npm audit --omit=dev`.
 */
export function installedPackages(lock, { includeDev = false } = {}) {
  const packages = lock?.packages;
  if (!packages || typeof packages !== 'object') {
    throw new Error('package-lock.json has no "packages" map (lockfileVersion 2 or 3 needed).');
  }
  const out = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (path === '' || entry.link || typeof entry.version !== 'string') continue;
    if (entry.dev && !includeDev) continue;
    // An alias ("x": "npm:y@1") installs y under the name x; the advisory is y's.
    const name = entry.name ?? packageNameOf(path);
    if (name) out.push({ name, version: entry.version, path });
  }
  return out;
}

/** Whether an installed version falls in an advisory's range (prereleases count). */
export function isVulnerable(version, range) {
  return (
    semver.valid(version) !== null && semver.satisfies(version, range, { includePrerelease: true })
  );
}

/** Each installed package that falls in a listed advisory, with the advisory. */
export function matchAdvisories(installed, advisories) {
  const byName = new Map();
  for (const advisory of advisories) {
    const list = byName.get(advisory.package) ?? [];
    list.push(advisory);
    byName.set(advisory.package, list);
  }
  const found = [];
  for (const pkg of installed) {
    for (const advisory of byName.get(pkg.name) ?? []) {
      if (isVulnerable(pkg.version, advisory.vulnerable)) found.push({ ...pkg, advisory });
    }
  }
  return found;
}

/**
 * Reads `npm audit --json` output. `reached: false` when npm did not get an answer from the
 * advisory service (its JSON then carries an error instead of metadata), with npm's reason.
 */
export function readNpmAudit(stdout) {
  let json;
  try {
    json = JSON.parse(stdout);
  } catch {
    return { reached: false, reason: 'npm audit printed no JSON' };
  }
  const counts = json?.metadata?.vulnerabilities;
  if (!counts || typeof counts !== 'object') {
    const reason =
      (typeof json?.message === 'string' && json.message) ||
      (typeof json?.error?.summary === 'string' && json.error.summary) ||
      'npm audit answered without vulnerability counts';
    return { reached: false, reason };
  }
  const atOrAbove = SEVERITIES.slice(SEVERITIES.indexOf(FAIL_LEVEL));
  const failing = atOrAbove.reduce((sum, level) => sum + (Number(counts[level]) || 0), 0);
  const names = Object.entries(json.vulnerabilities ?? {})
    .filter(([, v]) => atOrAbove.includes(v?.severity))
    .map(([name, v]) => `${name} (${v.severity})`);
  return { reached: true, counts, failing, names };
}
