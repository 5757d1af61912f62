/**
 * Opening the microphone for pitch detection, and the words for every way it fails
 * (spec §8 'Microphone'). Echo cancellation, noise suppression and auto gain are off: each
 * reshapes a chanter's tone and level (issue 4 point 1). No React; `mediaDevices`, the
 * context and timers are passed in (DESIGN habit 2).
 */
import type { Timers } from './timers.ts';
import type { MediaDevicesLike, StreamLike } from './webAudio.ts';

export type MicrophoneErrorKind =
  | 'unsupported'
  | 'denied'
  | 'notFound'
  | 'inUse'
  | 'selectedUnavailable'
  | 'timeout'
  | 'other'
  | 'enumerate';

/** R-8.MIC-01 … R-8.MIC-08, word for word. */
export const MICROPHONE_MESSAGES: Readonly<Record<MicrophoneErrorKind, string>> = {
  unsupported:
    'Your browser does not support microphone access (getUserMedia). Please use a modern browser.',
  denied: 'Microphone access was denied. Please allow access in your browser settings.',
  notFound: 'No microphone found. Please connect a microphone and try again.',
  inUse: 'Microphone is already in use by another application.',
  selectedUnavailable: 'The selected microphone is not available.',
  timeout: 'Microphone setup timed out. Please try again or check your browser permissions.',
  other: 'Failed to access microphone. Please check permissions.',
  enumerate: 'Could not access microphones. Please check permissions.',
};

export interface MicrophoneError {
  readonly kind: MicrophoneErrorKind;
  readonly message: string;
  /** The browser's error name (e.g. 'NotAllowedError'), shown as the dialog's code line. */
  readonly code: string | null;
}

/** Not sent to error reporting (spec §7 'Monitoring': permission errors are dropped). */
export function isPermissionError(error: MicrophoneError): boolean {
  return error.kind === 'denied';
}

/** Our own error name for the set-up timeout; browsers never raise it from getUserMedia. */
export const MICROPHONE_TIMEOUT = 'MicrophoneTimeoutError';
export const MICROPHONE_UNSUPPORTED = 'MicrophoneUnsupportedError';

/**
 * The §8 message for whatever getUserMedia (or our timeout) threw. Names follow the
 * Media Capture spec (https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia)
 * plus the legacy Chrome/Firefox names still seen in the wild.
 */
export function microphoneErrorOf(
  error: unknown,
  { deviceChosen = false }: { deviceChosen?: boolean } = {},
): MicrophoneError {
  const name =
    typeof error === 'object' && error !== null && 'name' in error
      ? String((error as { name: unknown }).name)
      : null;
  const make = (kind: MicrophoneErrorKind): MicrophoneError => ({
    kind,
    message: MICROPHONE_MESSAGES[kind],
    code: name,
  });
  switch (name) {
    case MICROPHONE_UNSUPPORTED:
      return make('unsupported');
    case MICROPHONE_TIMEOUT:
      return make('timeout');
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return make('denied');
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return make(deviceChosen ? 'selectedUnavailable' : 'notFound');
    case 'NotReadableError':
    case 'TrackStartError':
      return make('inUse');
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      // Our only hard constraint is the chosen deviceId.
      return make('selectedUnavailable');
    default:
      return make('other');
  }
}

/** The constraints for a chanter: raw signal, the chosen device if any. */
export function microphoneConstraints(deviceId: string | null): MediaStreamConstraints {
  return {
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    },
    video: false,
  };
}

/** Long enough for a permission prompt the piper must read; spec: not shown. */
export const MICROPHONE_TIMEOUT_MS = 15_000;

// Were declared here before ADR 021; kept so branches that import them from here still build.
export type { Timers } from './timers.ts';
export type { MediaDevicesLike, StreamLike } from './webAudio.ts';

/** Thrown by openMicrophone: always carries a §8 message. */
export class MicrophoneAccessError extends Error {
  constructor(readonly detail: MicrophoneError) {
    super(detail.message);
    this.name = 'MicrophoneAccessError';
  }
}

/**
 * Asks for the microphone, failing with a MicrophoneAccessError. A stream granted after the
 * timeout has fired is stopped at once, so the browser's recording indicator goes out.
 */
export function openMicrophone<S extends StreamLike>({
  mediaDevices,
  deviceId = null,
  timers,
  timeoutMs = MICROPHONE_TIMEOUT_MS,
}: {
  mediaDevices: MediaDevicesLike<S> | undefined;
  deviceId?: string | null;
  timers: Timers;
  timeoutMs?: number;
}): Promise<S> {
  const fail = (error: unknown) =>
    new MicrophoneAccessError(microphoneErrorOf(error, { deviceChosen: Boolean(deviceId) }));
  if (typeof mediaDevices?.getUserMedia !== 'function') {
    return Promise.reject(fail({ name: MICROPHONE_UNSUPPORTED }));
  }
  return new Promise<S>((resolve, reject) => {
    let settled = false;
    const timer = timers.setTimeout(() => {
      settled = true;
      reject(fail({ name: MICROPHONE_TIMEOUT }));
    }, timeoutMs);
    let request: Promise<S>;
    try {
      request = mediaDevices.getUserMedia(microphoneConstraints(deviceId));
    } catch (error) {
      request = Promise.reject(error as Error);
    }
    request.then(
      (stream) => {
        if (settled) {
          stream.getTracks().forEach((t) => t.stop());
          return;
        }
        settled = true;
        timers.clearTimeout(timer);
        resolve(stream);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        timers.clearTimeout(timer);
        reject(fail(error));
      },
    );
  });
}

/** The detail of any error thrown while starting to listen. */
export function microphoneErrorFrom(error: unknown): MicrophoneError {
  return error instanceof MicrophoneAccessError ? error.detail : microphoneErrorOf(error);
}
