/**
 * The worker's reading step, apart from its canvas wiring so it is tested without a browser:
 * runs the pure reader on the grey page and reports its stages ('Finding staves…', 'Reading
 * notes…' with how many staves are read) as progress messages for the screen's bar (issue 20
 * item 2, omr-ux: progress while a page is read).
 */
import { recognisePage } from '../../../music/omr/recognisePage.ts';
import type { GrayImage, OmrResult } from '../../../music/omr/omrTypes.ts';
import type { OmrStage, WorkerReply } from './omrWorkerProtocol.ts';

const READER_STAGES: ReadonlySet<string> = new Set<OmrStage>(['staves', 'notes']);

export function recogniseWithProgress(
  gray: GrayImage,
  id: number,
  reply: (message: WorkerReply) => void,
): OmrResult {
  let last: { stage: string; fraction: number } | null = null;
  return recognisePage(gray, {
    onProgress(stage, fraction) {
      // Only the stages the screen names; at most one message per staff (a page has ~10).
      if (!READER_STAGES.has(stage)) return;
      const f = Math.max(0, Math.min(1, Math.round(fraction * 100) / 100));
      if (last && last.stage === stage && last.fraction === f) return;
      last = { stage, fraction: f };
      reply({ type: 'progress', id, stage: stage as OmrStage, fraction: f });
    },
  });
}
