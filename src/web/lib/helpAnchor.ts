/**
 * Which section of /MicrophoneHelp.html fits the piper's system (spec §2.3 'Microphone help':
 * `{os}` or `{os}-{browser}`, R-2.3.MICHELP-11 … -13). Pure, so it is tested on real
 * user-agent strings. Order matters: Edge, Samsung Internet and Chrome on iOS all also say
 * 'Safari'; Edge and Samsung also say 'Chrome'; iPadOS 13+ reports itself as a Mac.
 */
export type HelpOs = 'windows' | 'android' | 'ios' | 'macos' | 'linux';
export type HelpBrowser = 'edge' | 'samsung' | 'chrome' | 'firefox' | 'safari';

export const HELP_PAGE = '/MicrophoneHelp.html';

export function helpOs(userAgent: string, maxTouchPoints = 0): HelpOs | null {
  if (/Windows/i.test(userAgent)) return 'windows';
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh|Mac OS X/i.test(userAgent)) return maxTouchPoints > 1 ? 'ios' : 'macos';
  if (/Linux|X11|CrOS/i.test(userAgent)) return 'linux';
  return null;
}

export function helpBrowser(userAgent: string): HelpBrowser | null {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/SamsungBrowser\//.test(userAgent)) return 'samsung';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return null;
}

/** The anchor sections the help page has (each os alone, and these pairs). */
export const HELP_SECTIONS: readonly string[] = [
  'windows',
  'windows-chrome',
  'windows-edge',
  'windows-firefox',
  'macos',
  'macos-safari',
  'macos-chrome',
  'macos-edge',
  'macos-firefox',
  'ios',
  'ios-safari',
  'ios-chrome',
  'ios-edge',
  'ios-firefox',
  'android',
  'android-chrome',
  'android-samsung',
  'android-edge',
  'android-firefox',
  'linux',
  'linux-chrome',
  'linux-firefox',
];

/** `{os}-{browser}` when the page has that section, else `{os}`, else no anchor. */
export function helpAnchor(userAgent: string, maxTouchPoints = 0): string | null {
  const os = helpOs(userAgent, maxTouchPoints);
  if (!os) return null;
  const browser = helpBrowser(userAgent);
  const pair = browser ? `${os}-${browser}` : null;
  return pair && HELP_SECTIONS.includes(pair) ? pair : os;
}

/** The help page address for this system. */
export function helpPageUrl(userAgent: string, maxTouchPoints = 0): string {
  const anchor = helpAnchor(userAgent, maxTouchPoints);
  return anchor ? `${HELP_PAGE}#${anchor}` : HELP_PAGE;
}
