/**
 * `npm run train:composer` — counts the composer's model (src/music/composer/composerModel.json)
 * from the project's own public-domain library (src/music/library/*.bww) and nothing else
 * (issue 19: never the shared corpus or other third-party files). Deterministic: the same files
 * give the same JSON; src/music/composer/composerModel.test.ts fails if the shipped JSON is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { learnComposerModel } from '../src/music/composer/learnComposerModel.ts';

const libraryDir = join(import.meta.dirname, '../src/music/library');
const modelFile = join(import.meta.dirname, '../src/music/composer/composerModel.json');

export function trainingTunes() {
  return readdirSync(libraryDir)
    .filter((name) => name.endsWith('.bww'))
    .sort()
    .flatMap((name) => parseBww(readFileSync(join(libraryDir, name), 'utf8')).tunes);
}

if (import.meta.filename === process.argv[1]) {
  const model = learnComposerModel(trainingTunes());
  writeFileSync(modelFile, JSON.stringify(model) + '\n');
  console.log(`composer model: ${model.tunes} tunes → ${modelFile}`);
}
