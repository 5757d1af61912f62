import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../contracts/routes.ts';
import { keys, sessionKeys } from '../storage/keys.ts';
import { sessionFlagsStore, settingsStore } from '../storage/settingsStore.ts';
import { Dialog } from './Dialog.tsx';
import type { DialogRequest, DialogService, OpenDialog } from './dialogService.ts';

/** Spec §2.4 'Keyboard Chanter' and §5 'Keyboard chanter' key map. */
export const keyboardChanterKeys: readonly (readonly [string, string])[] = [
  ['g', 'Low G'],
  ['a', 'Low A'],
  ['b', 'B'],
  ['c', 'C'],
  ['d', 'D'],
  ['e', 'E'],
  ['f', 'F'],
  ['G', 'High G'],
  ['A', 'High A'],
];

/** A render failure clears the dialog's session flag and is logged (spec §4, §8 'Other'). */
class DialogBoundary extends Component<
  { service: DialogService; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    this.props.service.renderFailed(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function DialogBody({
  request,
  close,
  dropQueued,
}: {
  request: DialogRequest;
  close: () => void;
  dropQueued: () => void;
}) {
  const navigate = useNavigate();
  const go = (to: string, section?: string) => {
    if (section) settingsStore().write(keys.activeSection, section);
    // Dialogs queued by the page being left belong to it (issue 13.14).
    dropQueued();
    close();
    void navigate(to);
  };
  const button = (label: string, onClick: () => void, secondary = false) => (
    <button type="button" className={`button${secondary ? ' secondary' : ''}`} onClick={onClick}>
      {label}
    </button>
  );

  switch (request.type) {
    case 'dlg_custom_chanter_recommended':
      return (
        <Dialog
          title="Chanter Recommended"
          onClose={close}
          actions={
            <>
              {button('Continue With Standard', close, true)}
              {button('Set Up Custom Chanter', () => {
                // Spec §2.4: a flag forces the navigation to chanter sync (§4 'Redirect flag').
                sessionFlagsStore().write(sessionKeys.forceNavigateToChanterSync, true);
                go(paths.chanterSync, 'chanter-sync');
              })}
            </>
          }
        >
          <p>You are using the standard chanter profile.</p>
          <p>
            Every practice chanter is pitched a little differently. Setting up a custom chanter
            gives more accurate note detection.
          </p>
        </Dialog>
      );
    case 'dlg_keyboard_chanter_info':
      return (
        <Dialog title="Keyboard Chanter" onClose={close} actions={button('Got It', close)}>
          <p>The keyboard simulates a chanter for demonstration. Press a key to play its note:</p>
          <dl className="dialog-keys">
            {keyboardChanterKeys.map(([key, note]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>
                  <kbd>{key}</kbd>
                </dt>
                <dd>{note}</dd>
              </div>
            ))}
          </dl>
        </Dialog>
      );
    case 'dlg_microphone_problem':
      return (
        <Dialog title="Microphone Access Problem" onClose={close} actions={button('Close', close)}>
          {request.errorCode && <p>Error code: {request.errorCode}</p>}
          <p>{request.message}</p>
          <p>We will guide you through fixing this problem.</p>
        </Dialog>
      );
    case 'dlg_microphone_connection_error':
      return (
        <Dialog
          title="Microphone Connection Issue"
          onClose={close}
          actions={
            <>
              {button('No', close, true)}
              {button('Yes', () => go(paths.microphoneHelp))}
            </>
          }
        >
          <p>
            We are having trouble connecting to your microphone. Would you like to troubleshoot?
          </p>
        </Dialog>
      );
    case 'dlg_chantersync_complete':
      return (
        <Dialog title="Chanter Sync Complete" onClose={close} actions={button('OK', close)}>
          <p>Chanter Sync complete. Click Save Notes if you are happy with the calibration.</p>
        </Dialog>
      );
    case 'dlg_chantersync_saved':
      return (
        <Dialog
          title="Chanter Saved"
          onClose={close}
          actions={
            <>
              {button('Cancel', close, true)}
              {button('Test Chanter', () => go(paths.chanterTest, 'chanter-test'))}
            </>
          }
        >
          <p>Test your chanter in Chanter Test. Then go have fun!</p>
        </Dialog>
      );
  }
}

/** Renders the open dialog of the service (lazy: loads when a dialog first opens). */
export default function DialogHost({
  open,
  service,
}: {
  open: OpenDialog;
  service: DialogService;
}) {
  return (
    <DialogBoundary key={open.request.type} service={service}>
      <DialogBody request={open.request} close={service.close} dropQueued={service.dropQueued} />
    </DialogBoundary>
  );
}
