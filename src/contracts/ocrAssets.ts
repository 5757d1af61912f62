/**
 * The text-recognition engine the /omr screen reads a page's title with (issue 20 item 1):
 * Tesseract (tesseract.js, Apache-2.0) with its English LSTM model (@tesseract.js-data/eng,
 * 4.0.0_best_int). Served by the app itself from these fixed paths (scripts/ocrAssets.ts copies
 * them out of node_modules at build time), never a CDN: tesseract.js's defaults fetch from
 * jsDelivr, and only package registries are reachable here, and the page works offline.
 *
 * The versions are in the directory name, so the server may cache the files as immutable and an
 * upgrade changes every URL (ocrAssets.test.ts checks they match the installed packages). The
 * files are not precached by the service worker (3–4 MB each, only /omr needs them): the worker
 * keeps them once they have been used (scripts/offlineBuild.ts).
 */
export const OCR_DIR = '/ocr/tesseract-7.0.0-eng-1.0.0';

/** Served name → the package file it is copied from. */
export const OCR_FILES = {
  'worker.min.js': 'tesseract.js/dist/worker.min.js',
  // Both LSTM-only builds of the engine: with WebAssembly SIMD (every current browser) and
  // without; the screen picks one (createTitleReader.ts), so the other is never fetched.
  'tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'tesseract-core-lstm.wasm.js': 'tesseract.js-core/tesseract-core-lstm.wasm.js',
  'eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
} as const;

export type OcrFile = keyof typeof OCR_FILES;
