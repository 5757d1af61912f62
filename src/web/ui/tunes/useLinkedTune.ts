/**
 * A library setting linked into a screen (issue 15 item 5: 'open in Sheet Music or
 * Play-along'): `?tune=<slug>&setting=<id>` in the address opens that setting once the page
 * is live. The link survives a reload and can be shared; a setting the visitor may not see
 * gives a plain message and leaves whatever was open.
 */
import { useEffect, useRef, useState } from 'react';
import { libraryRoutes } from '../../../contracts/library/libraryRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { useHydrated } from '../../lib/useHydrated.ts';

export interface LinkedTune {
  readonly title: string;
  readonly bww: string;
  readonly settingId: string;
}

export const LINKED_TUNE_MISSING =
  'That tune is not in the library any more, or it is not shared. Nothing was changed.';

export function useLinkedTune(
  onOpen: (tune: LinkedTune) => void,
  fetchImpl?: typeof fetch,
): { readonly loading: boolean; readonly error: string | null } {
  const live = useHydrated();
  // Read from the address itself: the screens that use this are also rendered without a router
  // (their tests), and a link from a tune page always mounts them afresh.
  const params = live ? new URLSearchParams(window.location.search) : null;
  const slug = params?.get('tune') ?? null;
  const settingId = params?.get('setting') ?? null;
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    if (!live || !slug) return;
    const controller = new AbortController();
    setState({ loading: true, error: null });
    void callApi(
      libraryRoutes.tune,
      { params: { slug } },
      { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
    ).then((result) => {
      if (controller.signal.aborted) return;
      const page = result.data;
      const setting = page
        ? (page.settings.find((s) => s.id === settingId) ?? (settingId ? null : page.settings[0]))
        : null;
      if (!page || !setting) {
        setState({
          loading: false,
          error:
            result.error && result.error.status !== 404
              ? result.error.message
              : LINKED_TUNE_MISSING,
        });
        return;
      }
      setState({ loading: false, error: null });
      open.current({ title: page.tune.title, bww: setting.bww, settingId: setting.id });
    });
    return () => controller.abort();
  }, [live, slug, settingId, fetchImpl]);
  return state;
}
