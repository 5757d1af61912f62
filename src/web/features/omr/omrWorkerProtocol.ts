/**
 * The messages between the /omr screen and its recognition worker (issue 20 item 2: 'recognise
 * in a Web Worker … typed, checked messages'). A tiny protocol in the manner of
 * src/audio/pitch/worklet/messages.ts: each side checks what it receives, so a stray or
 * malformed message is dropped instead of breaking the screen.
 */
import type { OmrResult } from '../../../music/omr/omrTypes.ts';

/** Screen → worker: read this page (an image file, or a PDF page already drawn as an image). */
export interface RecogniseRequest {
  readonly type: 'recognise';
  readonly id: number;
  readonly page: Blob;
}

/**
 * What the worker is doing now, for the progress line: decoding the picture, then the reader's
 * own stages (recognisePage's onProgress): finding the staves, reading each staff's notes.
 */
export type OmrStage = 'decoding' | 'staves' | 'notes';

export const OMR_STAGES: readonly OmrStage[] = ['decoding', 'staves', 'notes'];

export interface PageSize {
  readonly width: number;
  readonly height: number;
}

export type WorkerReply =
  | {
      readonly type: 'progress';
      readonly id: number;
      readonly stage: OmrStage;
      /** 0–1 through the stage, when the worker can tell (staves read so far). */
      readonly fraction?: number;
    }
  | {
      readonly type: 'done';
      readonly id: number;
      /** The size of the grey page the reader saw: the bars' regions are in its pixels. */
      readonly page: PageSize;
      readonly result: OmrResult;
    }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export function isRecogniseRequest(v: unknown): v is RecogniseRequest {
  return (
    isObject(v) &&
    v.type === 'recognise' &&
    isCount(v.id) &&
    typeof Blob !== 'undefined' &&
    v.page instanceof Blob
  );
}

function isBox(v: unknown): boolean {
  return isObject(v) && isCount(v.x) && isCount(v.y) && isCount(v.width) && isCount(v.height);
}

function isBar(v: unknown): boolean {
  return (
    isObject(v) &&
    isCount(v.part) &&
    isCount(v.line) &&
    isCount(v.bar) &&
    isBox(v.region) &&
    typeof v.confidence === 'number' &&
    Array.isArray(v.notes) &&
    v.notes.every(isBox)
  );
}

/** A result shaped as omrTypes.ts says; the tune itself is checked only for its outline. */
export function isOmrResult(v: unknown): v is OmrResult {
  if (!isObject(v)) return false;
  if (v.ok === false) return typeof v.error === 'string';
  return (
    v.ok === true &&
    isObject(v.tune) &&
    Array.isArray(v.tune.parts) &&
    Array.isArray(v.tune.texts) &&
    Array.isArray(v.bars) &&
    v.bars.every(isBar) &&
    Array.isArray(v.warnings) &&
    v.warnings.every((w) => typeof w === 'string')
  );
}

export function isWorkerReply(v: unknown): v is WorkerReply {
  if (!isObject(v) || !isCount(v.id)) return false;
  switch (v.type) {
    case 'progress':
      return (
        OMR_STAGES.includes(v.stage as OmrStage) &&
        (v.fraction === undefined ||
          (typeof v.fraction === 'number' && v.fraction >= 0 && v.fraction <= 1))
      );
    case 'done':
      return (
        isObject(v.page) && isCount(v.page.width) && isCount(v.page.height) && isOmrResult(v.result)
      );
    case 'failed':
      return typeof v.message === 'string';
    default:
      return false;
  }
}
