/**
 * What the page and the composer's Web Worker say to each other (issue 19 items 2 and 3): the
 * composer runs off the main thread so the page never stalls while a tune is written, and
 * nothing leaves the device. Every message is checked on arrival (a worker message is just
 * data; a stale or foreign one is dropped, never trusted). Imports only src/music, so the
 * worker bundle stays the composer alone.
 */
import {
  AIR_METERS,
  COMPOSER_FORMS,
  type AirMeter,
  type ComposerForm,
} from '../../../music/composer/composerForms.ts';
import type { ComposeOptions, Composition } from '../../../music/composer/composition.ts';
import { isPitch, type Pitch } from '../../../music/notes.ts';

/** A change to a composed tune (src/music/composer/editComposition.ts). */
export type ComposerEdit =
  | { readonly kind: 'regenerateBar'; readonly part: number; readonly bar: number }
  | { readonly kind: 'regeneratePart'; readonly part: number }
  | {
      readonly kind: 'transpose';
      readonly part: number;
      readonly from: number;
      readonly to: number;
      readonly steps: number;
    }
  | {
      readonly kind: 'editNote';
      readonly part: number;
      readonly bar: number;
      readonly index: number;
      readonly pitch?: Pitch;
      /** New length in ticks (1 = semiquaver); the beat's neighbour gives or takes the rest. */
      readonly ticks?: number;
    };

/** Page → worker. `id` pairs an answer with its question. */
export type ComposerRequest =
  | { readonly id: number; readonly type: 'compose'; readonly options: ComposeOptions }
  | {
      readonly id: number;
      readonly type: 'edit';
      readonly composition: Composition;
      readonly edit: ComposerEdit;
    }
  | {
      readonly id: number;
      readonly type: 'time';
      readonly options: ComposeOptions;
      readonly runs: number;
    };

export interface ComposerTiming {
  readonly runs: number;
  readonly medianMs: number;
  readonly p95Ms: number;
}

/** Worker → page. */
export type ComposerResponse =
  | {
      readonly id: number;
      readonly type: 'composition';
      readonly composition: Composition;
      readonly ms: number;
    }
  | ({ readonly id: number; readonly type: 'timing' } & ComposerTiming)
  | { readonly id: number; readonly type: 'error'; readonly message: string };

/** Timing runs asked for at once: enough for a p95, few enough to answer in seconds. */
export const MAX_TIMING_RUNS = 1000;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function isComposeOptions(v: unknown): v is ComposeOptions {
  if (!isRecord(v)) return false;
  if (!COMPOSER_FORMS.includes(v.form as ComposerForm)) return false;
  if (!isIndex(v.seed) || (v.seed as number) > 0xffffffff) return false;
  for (const key of ['parts', 'barsPerPart'] as const)
    if (v[key] !== undefined && !isIndex(v[key])) return false;
  if (v.density !== undefined && !isNumber(v.density)) return false;
  if (v.motif !== undefined && !(Array.isArray(v.motif) && v.motif.every(isPitch))) return false;
  if (v.title !== undefined && typeof v.title !== 'string') return false;
  // A slow air's time signature (issue 19): one the composer writes, or none.
  if (v.meter !== undefined && !AIR_METERS.includes(v.meter as AirMeter)) return false;
  return true;
}

function isComposition(v: unknown): v is Composition {
  return (
    isRecord(v) &&
    isComposeOptions(v.options) &&
    isRecord(v.plan) &&
    Array.isArray(v.parts) &&
    Array.isArray(v.variants) &&
    v.parts.length === v.variants.length
  );
}

function isEdit(v: unknown): v is ComposerEdit {
  if (!isRecord(v) || !isIndex(v.part)) return false;
  switch (v.kind) {
    case 'regenerateBar':
      return isIndex(v.bar);
    case 'regeneratePart':
      return true;
    case 'transpose':
      return isIndex(v.from) && isIndex(v.to) && Number.isInteger(v.steps);
    case 'editNote':
      return (
        isIndex(v.bar) &&
        isIndex(v.index) &&
        (v.pitch === undefined || isPitch(v.pitch)) &&
        (v.ticks === undefined || (isIndex(v.ticks) && (v.ticks as number) > 0))
      );
    default:
      return false;
  }
}

/** The request, or null when the message is not one. */
export function parseComposerRequest(data: unknown): ComposerRequest | null {
  if (!isRecord(data) || !isIndex(data.id)) return null;
  switch (data.type) {
    case 'compose':
      return isComposeOptions(data.options) ? (data as unknown as ComposerRequest) : null;
    case 'edit':
      return isComposition(data.composition) && isEdit(data.edit)
        ? (data as unknown as ComposerRequest)
        : null;
    case 'time':
      return isComposeOptions(data.options) &&
        isIndex(data.runs) &&
        (data.runs as number) >= 1 &&
        (data.runs as number) <= MAX_TIMING_RUNS
        ? (data as unknown as ComposerRequest)
        : null;
    default:
      return null;
  }
}

/** The answer, or null when the message is not one. */
export function parseComposerResponse(data: unknown): ComposerResponse | null {
  if (!isRecord(data) || !isIndex(data.id)) return null;
  switch (data.type) {
    case 'composition':
      return isComposition(data.composition) && isNumber(data.ms)
        ? (data as unknown as ComposerResponse)
        : null;
    case 'timing':
      return isIndex(data.runs) && isNumber(data.medianMs) && isNumber(data.p95Ms)
        ? (data as unknown as ComposerResponse)
        : null;
    case 'error':
      return typeof data.message === 'string' ? (data as unknown as ComposerResponse) : null;
    default:
      return null;
  }
}
