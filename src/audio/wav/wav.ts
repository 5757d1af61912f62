/**
 * A small RIFF/WAVE codec: PCM 8/16/24/32-bit and IEEE float 32/64, any channel count and
 * sample rate, WAVE_FORMAT_EXTENSIBLE included. Pure (bytes in, samples out) so the detect
 * script, the benchmark, tests and e2e fixture builders share it in Node and the browser.
 * Format reference: http://soundfile.sapp.org/doc/WaveFormat/ and Microsoft's
 * WAVEFORMATEXTENSIBLE (the sub-format GUID starts with the plain format code).
 */
export interface DecodedWav {
  readonly sampleRate: number;
  /** One Float32Array per channel, samples in [-1, 1]. */
  readonly channels: readonly Float32Array[];
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

function fourCC(view: DataView, at: number): string {
  return String.fromCharCode(
    view.getUint8(at),
    view.getUint8(at + 1),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
  );
}

/** Decode a WAV file. Throws with a readable message on anything it cannot read. */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || fourCC(view, 0) !== 'RIFF' || fourCC(view, 8) !== 'WAVE') {
    throw new Error('Not a WAV file (no RIFF/WAVE header).');
  }
  let format = 0;
  let channelCount = 0;
  let sampleRate = 0;
  let bits = 0;
  let data: { at: number; length: number } | null = null;
  let at = 12;
  while (at + 8 <= bytes.byteLength) {
    const id = fourCC(view, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      format = view.getUint16(body, true);
      channelCount = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
      if (format === EXTENSIBLE && size >= 26) format = view.getUint16(body + 24, true);
    } else if (id === 'data') {
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: take what is there.
      data = { at: body, length: Math.min(size, bytes.byteLength - body) };
    }
    at = body + size + (size % 2); // chunks are word-aligned
  }
  if (!channelCount || !sampleRate) throw new Error('WAV file has no usable fmt chunk.');
  if (!data) throw new Error('WAV file has no data chunk.');
  if (!(
    (format === PCM && [8, 16, 24, 32].includes(bits)) ||
    (format === FLOAT && [32, 64].includes(bits))
  )) {
    throw new Error(`Unsupported WAV encoding (format ${format}, ${bits} bits).`);
  }
  const bytesPerSample = bits / 8;
  const frames = Math.floor(data.length / (bytesPerSample * channelCount));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  let p = data.at;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channelCount; c++) {
      channels[c]![i] = readSample(view, p, format, bits);
      p += bytesPerSample;
    }
  }
  return { sampleRate, channels };
}

function readSample(view: DataView, at: number, format: number, bits: number): number {
  if (format === FLOAT) return bits === 32 ? view.getFloat32(at, true) : view.getFloat64(at, true);
  switch (bits) {
    case 8:
      return (view.getUint8(at) - 128) / 128; // 8-bit WAV is unsigned
    case 16:
      return view.getInt16(at, true) / 32768;
    case 24: {
      const v = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
      return v / 8388608;
    }
    default:
      return view.getInt32(at, true) / 2147483648;
  }
}

/** Average the channels: a stereo recording of one chanter is the same note on both sides. */
export function toMono(wav: DecodedWav): Float32Array {
  const [first, ...rest] = wav.channels;
  if (!first) return new Float32Array(0);
  if (rest.length === 0) return first;
  const out = new Float32Array(first.length);
  for (const channel of wav.channels) {
    for (let i = 0; i < out.length; i++) out[i]! += channel[i]! / wav.channels.length;
  }
  return out;
}

/** Encode channels as a WAV file: 16-bit PCM (default) or 32-bit float. */
export function encodeWav(
  channels: readonly Float32Array[],
  sampleRate: number,
  encoding: 'pcm16' | 'float32' = 'pcm16',
): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  const bytesPerSample = encoding === 'pcm16' ? 2 : 4;
  const dataBytes = frames * channels.length * bytesPerSample;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < 4; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, encoding === 'pcm16' ? PCM : FLOAT, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels.length * bytesPerSample, true);
  view.setUint16(32, channels.length * bytesPerSample, true);
  view.setUint16(34, bytesPerSample * 8, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  let p = 44;
  for (let i = 0; i < frames; i++) {
    for (const channel of channels) {
      const v = Math.max(-1, Math.min(1, channel[i] ?? 0));
      if (encoding === 'pcm16') view.setInt16(p, Math.round(v * 32767), true);
      else view.setFloat32(p, v, true);
      p += bytesPerSample;
    }
  }
  return bytes;
}
