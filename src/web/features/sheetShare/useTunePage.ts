import { useEffect, useState } from 'react';
import { libraryRoutes, type TunePage } from '../../../contracts/library/libraryRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';

export type TunePageState =
  | { readonly status: 'loading' }
  | { readonly status: 'done'; readonly page: TunePage }
  | { readonly status: 'missing' }
  | { readonly status: 'failed'; readonly message: string };

/** A tune's page from the library (issue 15 item 5); asked again when `version` changes. */
export function useTunePage(
  slug: string,
  live: boolean,
  version = 0,
  fetchImpl?: typeof fetch,
): TunePageState {
  const [state, setState] = useState<TunePageState>({ status: 'loading' });
  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    void callApi(
      libraryRoutes.tune,
      { params: { slug } },
      { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
    ).then((result) => {
      if (controller.signal.aborted) return;
      if (result.data) setState({ status: 'done', page: result.data });
      else if (result.error.status === 404 || result.error.status === 400)
        setState({ status: 'missing' });
      else setState({ status: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, [slug, live, version, fetchImpl]);
  return state;
}
