import { useCallback, useEffect, useState } from 'react';
import { listAudioInputs, onDeviceChange, type AudioInput } from '../../lib/mediaDevices.ts';

/** The audio inputs, refreshed when devices change; `loading` until the first answer. */
export function useMicrophones(): { devices: AudioInput[]; loading: boolean; refresh: () => void } {
  const [devices, setDevices] = useState<AudioInput[]>([]);
  const [loading, setLoading] = useState(true);
  const refresh = useCallback(() => {
    void listAudioInputs().then((list) => {
      setDevices(list);
      setLoading(false);
    });
  }, []);
  useEffect(() => {
    refresh();
    return onDeviceChange(refresh);
  }, [refresh]);
  return { devices, loading, refresh };
}
