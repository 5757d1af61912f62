import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HELP_SECTIONS, helpAnchor, helpPageUrl } from './helpAnchor.ts';

const UA = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  windowsFirefox:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  linuxChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  linuxOpera:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0',
  linuxSafariLike:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15',
};

describe('helpAnchor', () => {
  it.each([
    [UA.windowsChrome, 'windows-chrome'],
    [UA.windowsEdge, 'windows-edge'],
    [UA.windowsFirefox, 'windows-firefox'],
    [UA.macSafari, 'macos-safari'],
    [UA.macChrome, 'macos-chrome'],
    [UA.iphoneSafari, 'ios-safari'],
    [UA.iphoneChrome, 'ios-chrome'],
    [UA.iphoneFirefox, 'ios-firefox'],
    [UA.androidChrome, 'android-chrome'],
    [UA.androidSamsung, 'android-samsung'],
    [UA.androidFirefox, 'android-firefox'],
    [UA.linuxChrome, 'linux-chrome'],
    [UA.linuxFirefox, 'linux-firefox'],
    [UA.linuxOpera, 'linux-chrome'],
  ])('R-2.3.MICHELP-11 R-2.3.MICHELP-12 R-2.3.MICHELP-13 %s → #%s', (ua, anchor) => {
    expect(helpAnchor(ua)).toBe(anchor);
  });

  it('an iPad asking for the desktop site (a Mac with touch) is iOS', () => {
    expect(helpAnchor(UA.macSafari, 5)).toBe('ios-safari');
  });

  it('falls back to the os alone when the page has no section for the pair', () => {
    expect(helpAnchor(UA.linuxSafariLike)).toBe('linux');
  });

  it('an unknown system gets the page without an anchor', () => {
    expect(helpAnchor('curl/8.5')).toBeNull();
    expect(helpPageUrl('curl/8.5')).toBe('/MicrophoneHelp.html');
    expect(helpPageUrl(UA.windowsEdge)).toBe('/MicrophoneHelp.html#windows-edge');
  });

  it('R-2.3.MICHELP-12 R-2.3.MICHELP-13 every section is os or os-browser from the spec lists', () => {
    for (const id of HELP_SECTIONS) {
      expect(id).toMatch(
        /^(windows|android|ios|macos|linux)(-(edge|samsung|chrome|firefox|safari))?$/,
      );
    }
  });
});

describe('/MicrophoneHelp.html', () => {
  const html = readFileSync(resolve(process.cwd(), 'public/MicrophoneHelp.html'), 'utf8');

  it('R-7.ASSETS-03 R-2.3.MICHELP-11 has a section for every anchor helpAnchor can give', () => {
    for (const id of HELP_SECTIONS) expect(html).toContain(`<section id="${id}"`);
  });

  it('needs no inline style or script (CSP style-src and script-src are self)', () => {
    expect(html).not.toMatch(/<style|style=|<script/i);
    expect(html).toContain('href="/MicrophoneHelp.css"');
    expect(html).toContain('href="/microphone-help"');
  });
});
