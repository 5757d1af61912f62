import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_MS, SUCCESS_MS } from './settingsMessages.ts';

export interface FlashMessage {
  readonly text: string;
  readonly kind: 'ok' | 'error';
}

/** A status message that clears itself: 3 s for success, 5 s for errors (spec §8, §9). */
export function useFlashMessage(): [
  FlashMessage | null,
  (text: string, kind?: 'ok' | 'error') => void,
] {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string, kind: 'ok' | 'error' = 'ok') => {
    clearTimeout(timer.current);
    setMessage({ text, kind });
    timer.current = setTimeout(() => setMessage(null), kind === 'ok' ? SUCCESS_MS : ERROR_MS);
  }, []);
  return [message, show];
}
