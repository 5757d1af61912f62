/**
 * One band's page from the API (issue 16 item 4; bandRoutes.get). Asked after the first render
 * (ADR 019: path data is read once the screen is on the page); a 404 or a malformed id is
 * 'missing', so the screen can say so helpfully.
 */
import { useEffect, useState } from 'react';
import { bandRoutes, type Band } from '../../../contracts/directory/bandRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { isUuid } from '../../../contracts/uuid.ts';

export type BandState =
  | { readonly status: 'loading' }
  | { readonly status: 'done'; readonly band: Band }
  | { readonly status: 'missing' }
  | { readonly status: 'failed'; readonly message: string };

export function useBand(bandId: string, version = 0, fetchImpl?: typeof fetch): BandState {
  const [state, setState] = useState<BandState>({ status: 'loading' });
  useEffect(() => {
    // Not an id at all: nothing to ask (and no failed request in the console).
    if (!isUuid(bandId)) {
      setState({ status: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    void callApi(
      bandRoutes.get,
      { params: { bandId } },
      { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
    ).then((result) => {
      if (controller.signal.aborted) return;
      if (result.data) setState({ status: 'done', band: result.data });
      else if (result.error.status === 404 || result.error.status === 400)
        setState({ status: 'missing' });
      else setState({ status: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, [bandId, version, fetchImpl]);
  return state;
}
