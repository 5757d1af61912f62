import { useCallback, useState } from 'react';

export type NearMeState =
  | { readonly status: 'idle' }
  | { readonly status: 'asking' }
  | { readonly status: 'refused' | 'unavailable'; readonly message: string };

export const nearMeMessages = {
  refused:
    'Your browser did not share your location, so we cannot search near you. Choose your town instead.',
  unavailable:
    'Your location could not be found just now. Choose your town instead, or try again later.',
  unsupported: 'This browser cannot share your location. Choose your town instead.',
} as const;

/**
 * 'Near me' (issue 16 item 2): asks the browser for the visitor's position only when they press
 * the button — never on load — and says plainly when it is refused. `geolocation` is injected
 * for tests.
 */
export function useNearMe(
  onFound: (point: { lat: number; lon: number }) => void,
  geolocation: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): { state: NearMeState; locate: () => void } {
  const [state, setState] = useState<NearMeState>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!geolocation) {
      setState({ status: 'unavailable', message: nearMeMessages.unsupported });
      return;
    }
    setState({ status: 'asking' });
    geolocation.getCurrentPosition(
      (position) => {
        setState({ status: 'idle' });
        onFound({ lat: position.coords.latitude, lon: position.coords.longitude });
      },
      (error) =>
        setState(
          error.code === error.PERMISSION_DENIED
            ? { status: 'refused', message: nearMeMessages.refused }
            : { status: 'unavailable', message: nearMeMessages.unavailable },
        ),
      // A town-sized answer is enough: no GPS, and a recent fix will do.
      { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 20_000 },
    );
  }, [geolocation, onFound]);
  return { state, locate };
}
