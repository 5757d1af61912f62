/** Types for advisoryCheck.mjs (plain JavaScript so `npm run audit:deps` needs no loader). */
export type Severity = 'low' | 'moderate' | 'high' | 'critical';

export interface Advisory {
  readonly id: string;
  readonly aliases?: readonly string[];
  readonly package: string;
  readonly vulnerable: string;
  readonly fixed: string | null;
  readonly severity: Severity;
  readonly title: string;
  readonly url: string;
}

export interface InstalledPackage {
  readonly name: string;
  readonly version: string;
  readonly path: string;
}

export type NpmAudit =
  | { readonly reached: false; readonly reason: string }
  | {
      readonly reached: true;
      readonly counts: Record<string, number>;
      readonly failing: number;
      readonly names: string[];
    };

export const SEVERITIES: readonly Severity[];
export const FAIL_LEVEL: Severity;
export function parseAdvisories(json: unknown): Advisory[];
export function packageNameOf(path: string): string | null;
export function installedPackages(
  lock: unknown,
  options?: { includeDev?: boolean },
): InstalledPackage[];
export function isVulnerable(version: string, range: string): boolean;
export function matchAdvisories(
  installed: readonly InstalledPackage[],
  advisories: readonly Advisory[],
): (InstalledPackage & { advisory: Advisory })[];
export function readNpmAudit(stdout: string): NpmAudit;
