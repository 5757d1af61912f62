/**
 * The Direct Function Test page's state (spec §2.1: shows the JSON `hello` returns, or the
 * error). Calls once on mount and again on demand.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callHello } from './callHello.ts';

export type HelloState =
  | { readonly phase: 'calling' }
  | { readonly phase: 'done'; readonly data: unknown }
  | { readonly phase: 'failed'; readonly message: string };

export function useHello(call: typeof callHello = callHello) {
  const [state, setState] = useState<HelloState>({ phase: 'calling' });
  // Only the latest call may set the state.
  const latest = useRef(0);

  const run = useCallback(async () => {
    const id = ++latest.current;
    setState({ phase: 'calling' });
    const { data, error } = await call();
    if (latest.current !== id) return;
    setState(error ? { phase: 'failed', message: error.message } : { phase: 'done', data });
  }, [call]);

  useEffect(() => {
    void run();
  }, [run]);

  return { state, run };
}
