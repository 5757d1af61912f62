import { useState, useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Dialog } from './Dialog.tsx';
import DialogHost from './DialogHost.tsx';
import { InstructionPopup } from './InstructionPopup.tsx';
import { createDialogService, type DialogRequest } from './dialogService.ts';
import { resetOneTimeMessages } from './resetOneTimeMessages.ts';
import { createSettingsStore } from '../storage/settingsStore.ts';
import { FakeStorage } from '../storage/fakeStorage.ts';
import { keys } from '../storage/keys.ts';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('Dialog', () => {
  it('is labelled by its title, takes focus, traps Tab, closes on Escape and restores focus', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useToggle();
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          {open && (
            <Dialog
              title="Test dialog"
              onClose={() => setOpen(false)}
              actions={
                <>
                  <button type="button">One</button>
                  <button type="button">Two</button>
                </>
              }
            >
              <p>Body</p>
            </Dialog>
          )}
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Test dialog' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'One' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Two' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'One' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Two' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

function useToggle() {
  return useState(false);
}

describe('Instruction popup', () => {
  it("R-2.3.POPUP-01 R-2.3.POPUP-02 R-2.3.POPUP-03 R-2.3.POPUP-04 defaults: 'Instructions', the message, 'Got it!' and 'Don't show this again'", () => {
    render(<InstructionPopup id="p1" message="Play a low A." />);
    expect(screen.getByRole('dialog', { name: 'Instructions' }).textContent).toContain(
      'Play a low A.',
    );
    expect(screen.getByRole('button', { name: 'Got it!' })).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: "Don't show this again" }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('R-2.3.POPUP-05 R-2.3.POPUP-06 ticking the box and closing remembers the id; it is not shown again', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <InstructionPopup id="tuner-help" title="Tuner" buttonText="OK" message="m" />,
    );
    await user.click(screen.getByRole('checkbox', { name: "Don't show this again" }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(JSON.parse(window.localStorage.getItem('dismissed_popups')!)).toEqual({
      'tuner-help': true,
    });
    unmount();
    render(<InstructionPopup id="tuner-help" message="m" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closing without the box hides it now but shows it next time', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<InstructionPopup id="p2" message="m" />);
    await user.click(screen.getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    render(<InstructionPopup id="p2" message="m" />);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('R-2.3.POPUP-07 R-2.3.POPUP-08 R-2.3.HOME-04 the reset clears all dismissals and dialog flags, then reloads', () => {
    window.localStorage.setItem('dismissed_popups', '{"a":true,"b":true}');
    window.localStorage.setItem('keyboard_info_seenblaster', 'true');
    window.sessionStorage.setItem('dlg_keyboard_info_instance', 'true');
    window.localStorage.setItem('global_gain', '2');
    const reload = vi.fn();
    resetOneTimeMessages(reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('dismissed_popups')).toBeNull();
    expect(window.localStorage.getItem('keyboard_info_seenblaster')).toBeNull();
    expect(window.sessionStorage.getItem('dlg_keyboard_info_instance')).toBeNull();
    expect(window.localStorage.getItem('global_gain')).toBe('2');
  });
});

function hostFor(request: DialogRequest, chanter = 'Standard') {
  const local = createSettingsStore(new FakeStorage());
  const session = createSettingsStore(new FakeStorage());
  local.write(keys.chanterName, chanter);
  const service = createDialogService(() => ({ local, session }));
  function Host() {
    const open = useSyncExternalStore(service.subscribe, service.getSnapshot);
    return open ? <DialogHost open={open} service={service} /> : null;
  }
  const router = createMemoryRouter(
    [
      { path: '/', element: <Host /> },
      { path: '*', element: <p>Arrived</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  act(() => {
    service.show(request);
  });
  return { router, service };
}

describe('dialogs of §2.4', () => {
  it('R-2.4.DIALOG-01 R-2.4.DIALOG-03 R-2.4.DIALOG-04 R-2.4.DIALOG-05 R-2.4.DIALOG-06 R-4.REDIRECT-01 Chanter Recommended: Set Up Custom Chanter flags the redirect and goes to chanter sync', async () => {
    const user = userEvent.setup();
    const { router } = hostFor({ type: 'dlg_custom_chanter_recommended', component: 'battle' });
    const dialog = screen.getByRole('dialog', { name: 'Chanter Recommended' });
    expect(dialog.textContent).toContain('more accurate note detection');
    await user.click(screen.getByRole('button', { name: 'Set Up Custom Chanter' }));
    expect(window.sessionStorage.getItem('_force_navigate_to_chantersync')).toBe('true');
    expect(window.localStorage.getItem('active_section')).toBe('"chanter-sync"');
    expect(router.state.location.pathname).toBe('/chanter-sync');
  });

  it('issue 13.14: a dialog button that leaves the page drops the dialogs queued behind it', async () => {
    const user = userEvent.setup();
    const { router, service } = hostFor({
      type: 'dlg_custom_chanter_recommended',
      component: 'chantertest',
    });
    act(() => {
      service.show({ type: 'dlg_microphone_problem', message: 'Denied' });
    });
    await user.click(screen.getByRole('button', { name: 'Set Up Custom Chanter' }));
    expect(router.state.location.pathname).toBe('/chanter-sync');
    expect(service.getSnapshot()).toBeNull();
  });

  it("issue 13.14 'Continue With Standard' stays on the page and opens the dialog queued behind it", async () => {
    const user = userEvent.setup();
    const { service } = hostFor({ type: 'dlg_custom_chanter_recommended', component: 'battle' });
    act(() => {
      service.show({ type: 'dlg_microphone_problem', message: 'Denied', errorCode: 'E1' });
    });
    await user.click(screen.getByRole('button', { name: 'Continue With Standard' }));
    const problem = screen.getByRole('dialog', { name: 'Microphone Access Problem' });
    expect(problem.textContent).toContain('We will guide you through fixing this problem.');
  });

  it("R-2.4.DIALOG-07 'Continue With Standard' closes", async () => {
    const user = userEvent.setup();
    hostFor({ type: 'dlg_custom_chanter_recommended', component: 'battle' });
    await user.click(screen.getByRole('button', { name: 'Continue With Standard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("R-2.4.DIALOG-08 R-2.4.DIALOG-09 R-2.4.DIALOG-10 Keyboard Chanter lists the keys and has 'Got It'", async () => {
    const user = userEvent.setup();
    hostFor({ type: 'dlg_keyboard_chanter_info', component: 'flashcard' }, 'Keyboard');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard Chanter' });
    expect(dialog.textContent).toContain('simulates a chanter for demonstration');
    const pairs = [...dialog.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`,
    );
    expect(pairs).toEqual([
      'g Low G',
      'a Low A',
      'b B',
      'c C',
      'd D',
      'e E',
      'f F',
      'G High G',
      'A High A',
    ]);
    await user.click(screen.getByRole('button', { name: 'Got It' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('R-2.4.DIALOG-11 R-2.4.DIALOG-12 R-2.4.DIALOG-13 R-2.4.DIALOG-14 R-8.MIC-10 Microphone Access Problem', () => {
    hostFor({
      type: 'dlg_microphone_problem',
      message: 'Microphone access was denied.',
      errorCode: 'NotAllowedError',
    });
    const dialog = screen.getByRole('dialog', { name: 'Microphone Access Problem' });
    expect(dialog.textContent).toContain('Error code: NotAllowedError');
    expect(dialog.textContent).toContain('Microphone access was denied.');
    expect(dialog.textContent).toContain('We will guide you through fixing this problem.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('R-2.4.DIALOG-15 R-2.4.DIALOG-16 R-8.MIC-11 Microphone Connection Issue: Yes goes to /microphone-help', async () => {
    const user = userEvent.setup();
    const { router } = hostFor({ type: 'dlg_microphone_connection_error' });
    expect(
      screen.getByRole('dialog', { name: 'Microphone Connection Issue' }).textContent,
    ).toContain(
      'We are having trouble connecting to your microphone. Would you like to troubleshoot?',
    );
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(router.state.location.pathname).toBe('/microphone-help');
  });

  it("R-2.4.DIALOG-17 'No' closes", async () => {
    const user = userEvent.setup();
    hostFor({ type: 'dlg_microphone_connection_error' });
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('R-2.4.DIALOG-18 R-2.4.DIALOG-19 Chanter Sync Complete', () => {
    hostFor({ type: 'dlg_chantersync_complete' });
    expect(screen.getByRole('dialog', { name: 'Chanter Sync Complete' }).textContent).toContain(
      'Chanter Sync complete. Click Save Notes if you are happy with the calibration.',
    );
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('R-2.4.DIALOG-20 R-2.4.DIALOG-21 R-2.4.DIALOG-22 R-2.4.DIALOG-23 Chanter Saved: Test Chanter goes to /chanter-test', async () => {
    const user = userEvent.setup();
    const { router } = hostFor({ type: 'dlg_chantersync_saved' });
    expect(screen.getByRole('dialog', { name: 'Chanter Saved' }).textContent).toContain(
      'Test your chanter in Chanter Test. Then go have fun!',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Test Chanter' }));
    expect(router.state.location.pathname).toBe('/chanter-test');
    expect(window.localStorage.getItem('active_section')).toBe('"chanter-test"');
  });
});
