import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { OCR_DIR, OCR_FILES, type OcrFile } from '../src/contracts/ocrAssets.ts';
import { OCR_CACHE_URL } from '../src/contracts/offline.ts';
import { PRECACHE_IGNORES } from './offlineBuild.ts';
import { ocrSource } from './ocrAssets.ts';

const require = createRequire(import.meta.url);
const version = (name: string) =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;

describe('the title reader’s engine files (issue 20 item 1)', () => {
  it('issue 20.1: the served directory names the installed versions, so an upgrade changes every URL', () => {
    expect(OCR_DIR).toBe(
      `/ocr/tesseract-${version('tesseract.js')}-eng-${version('@tesseract.js-data/eng')}`,
    );
    // The engine build tesseract.js asks for is the one installed beside it.
    expect(version('tesseract.js-core').split('.')[0]).toBe(version('tesseract.js').split('.')[0]);
  });

  it('issue 20.1: every file is in node_modules; together they stay well within the 20 MB the issue allows', () => {
    let bytes = 0;
    for (const name of Object.keys(OCR_FILES) as OcrFile[]) {
      expect(existsSync(ocrSource(name)), name).toBe(true);
      bytes += readFileSync(ocrSource(name)).length;
    }
    expect(bytes).toBeLessThan(12 * 1024 * 1024);
  });

  it('issue 20.1: not precached for every visitor; kept by the service worker once used', () => {
    expect(PRECACHE_IGNORES).toContain('ocr/**');
    for (const name of Object.keys(OCR_FILES))
      expect(OCR_CACHE_URL.test(`https://pipes.example${OCR_DIR}/${name}`), name).toBe(true);
    expect(OCR_CACHE_URL.test('https://pipes.example/assets/index-abc1234.js')).toBe(false);
  });
});
