import { describe, expect, it } from 'vitest';
import { trainingTunes } from '../../../scripts/train-composer.ts';
import shipped from './composerModel.json' with { type: 'json' };
import { learnComposerModel } from './learnComposerModel.ts';

describe('the composer’s learned counts (issue 19 item 1)', () => {
  it('issue 19.1: the shipped model is what the project’s own library gives (run `npm run train:composer` after changing it)', () => {
    const tunes = trainingTunes();
    expect(tunes.length).toBeGreaterThanOrEqual(20);
    expect(learnComposerModel(tunes)).toEqual(shipped);
    // Learning composes a few hundred tunes to calibrate the steps (stepCalibration.ts).
  }, 120_000);

  it('issue 19.1: what ships is at most 8 MB (the model is counts and run hashes)', () => {
    // The file is this JSON and a newline (scripts/train-composer.ts).
    const bytes = new TextEncoder().encode(JSON.stringify(shipped)).length + 1;
    expect(bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});
