/**
 * The browser-and-version text a bug report is prefilled with (spec §2.3 Feature request
 * 'A browser-and-version field, shown only for bugs'), read from the user agent. Order matters:
 * Edge and Opera also say Chrome, Chrome also says Safari.
 */
const patterns: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

export function describeBrowser(userAgent: string): string {
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.trim();
}
