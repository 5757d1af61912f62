/**
 * Vite plugin: the text-recognition engine's files (src/contracts/ocrAssets.ts) copied out of
 * node_modules into dist/ at their fixed paths, and served from node_modules by `npm run dev`.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { OCR_DIR, OCR_FILES, type OcrFile } from '../src/contracts/ocrAssets.ts';

const require = createRequire(import.meta.url);

/** Where an OCR file lives in node_modules. */
export const ocrSource = (name: OcrFile): string => require.resolve(OCR_FILES[name]);

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.gz': 'application/gzip' };

export function ocrAssetsPlugin(): Plugin {
  return {
    name: 'chanterlab-ocr-assets',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const name of Object.keys(OCR_FILES) as OcrFile[]) {
        this.emitFile({
          type: 'asset',
          fileName: `${OCR_DIR.slice(1)}/${name}`,
          source: readFileSync(ocrSource(name)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        const name = path.startsWith(`${OCR_DIR}/`) ? path.slice(OCR_DIR.length + 1) : '';
        if (!(name in OCR_FILES)) return next();
        res.setHeader('content-type', TYPES[name.slice(name.lastIndexOf('.'))] ?? 'text/plain');
        createReadStream(ocrSource(name as OcrFile)).pipe(res);
      });
    },
  };
}
