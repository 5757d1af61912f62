/**
 * tesseract.js's own ES module build (a default export holding the CommonJS API). The screen
 * imports it rather than the package's CommonJS source: bundling that source pulled the
 * bundler's `require` and CommonJS helpers into the runtime chunk every page loads first
 * (+0.3 KB gzip of the first load, issue 21 item 4).
 */
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  import type Tesseract from 'tesseract.js';

  const tesseract: typeof Tesseract;
  export default tesseract;
}
