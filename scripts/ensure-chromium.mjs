#!/usr/bin/env node
// Browser tests use Debian's Chromium (playwright's own download cannot run here). If it is
// missing: install it with apt-get when running as root, else stop with a one-line hint.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
if (process.getuid && process.getuid() === 0) {
  console.log(`Chromium not found at ${path}: installing Debian's chromium…`);
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (update.status === 0 && install.status === 0 && existsSync(path)) process.exit(0);
  console.error('Installing chromium failed.');
  process.exit(1);
}
console.error(
  `Chromium not found at ${path}: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH) and run npm test again.`,
);
process.exit(1);
