import { lazy, Suspense, useSyncExternalStore } from 'react';
import { dialogs } from './dialogService.ts';

const DialogHost = lazy(() => import('./DialogHost.tsx'));

/** Where dialogs appear (layout). The dialog bodies load only when one first opens. */
export function DialogOutlet() {
  const open = useSyncExternalStore(dialogs.subscribe, dialogs.getSnapshot, () => null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DialogHost open={open} service={dialogs} />
    </Suspense>
  );
}
