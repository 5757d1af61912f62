/**
 * Our one wrapper around the browser's device list (DESIGN 'lib/'). The audio engine, which
 * opens the microphone, comes with the listening issue; Settings only lists inputs.
 */
export interface AudioInput {
  readonly deviceId: string;
  readonly label: string;
}

/** The audio inputs the browser reports; empty when the API is missing or refuses. */
export async function listAudioInputs(): Promise<AudioInput[]> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.enumerateDevices) return [];
  try {
    const devices = await media.enumerateDevices();
    const seen = new Set<string>();
    return devices
      .filter((d) => d.kind === 'audioinput' && d.deviceId !== '' && !seen.has(d.deviceId))
      .map((d) => {
        seen.add(d.deviceId);
        return { deviceId: d.deviceId, label: d.label };
      });
  } catch {
    return [];
  }
}

/** Calls back when devices are plugged in or removed; returns the unsubscribe. */
export function onDeviceChange(listener: () => void): () => void {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.addEventListener) return () => undefined;
  media.addEventListener('devicechange', listener);
  return () => media.removeEventListener('devicechange', listener);
}

/** Spec §2.3 Settings: the label, or 'Microphone' plus the first 5 characters of the id. */
export function audioInputName(device: AudioInput): string {
  return device.label || `Microphone ${device.deviceId.slice(0, 5)}`;
}
