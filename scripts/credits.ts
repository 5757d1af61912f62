/**
 * Credits generated at build time (spec §1 'The credits page lists open-source libraries'):
 * every direct dependency in package.json with the version, licence, description and home
 * page read from its installed package.json. The Vite plugin below writes the list to
 * dist/credits.json (and serves it in `npm run dev`); the Credits screen fetches it, so the
 * list never weighs on a JavaScript chunk and is always the one that was built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const CREDITS_FILE = 'credits.json';

export interface Credit {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly description: string;
  readonly url: string;
  /** 'runtime': shipped or run by the server; 'build': builds and tests the app. */
  readonly use: 'runtime' | 'build';
}

interface PackageJson {
  name: string;
  version: string;
  description?: unknown;
  homepage?: unknown;
  repository?: string | { url?: string };
  license?: string | { type?: string };
  licenses?: ({ type?: string } | string)[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function homepageOf(pkg: PackageJson): string {
  if (typeof pkg.homepage === 'string') return pkg.homepage;
  const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (typeof repo !== 'string') return `https://www.npmjs.com/package/${pkg.name}`;
  return repo
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^github:/, 'https://github.com/')
    .replace(/\.git$/, '');
}

function licenceOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses))
    return pkg.licenses.map((l) => (typeof l === 'string' ? l : (l.type ?? ''))).join(' OR ');
  return 'see package';
}

/** Reads the installed packages of package.json's dependencies and devDependencies. */
export function collectCredits(root: string): Credit[] {
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const read = (deps: Record<string, string> | undefined, use: Credit['use']): Credit[] =>
    Object.keys(deps ?? {})
      .sort()
      .map((name): Credit | null => {
        const file = join(root, 'node_modules', name, 'package.json');
        if (!existsSync(file)) return null;
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
        return {
          name,
          version: pkg.version,
          license: licenceOf(pkg),
          description: typeof pkg.description === 'string' ? pkg.description : '',
          url: homepageOf(pkg),
          use,
        };
      })
      .filter((c): c is Credit => c !== null);
  return [...read(own.dependencies, 'runtime'), ...read(own.devDependencies, 'build')];
}

/** Vite plugin: dist/credits.json at build, /credits.json in the dev server. */
export function creditsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'chanterlab-credits',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use(`/${CREDITS_FILE}`, (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(collectCredits(root)));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: CREDITS_FILE,
        source: JSON.stringify(collectCredits(root)),
      });
    },
  };
}
