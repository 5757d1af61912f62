import { describe, expect, it, vi } from 'vitest';
import { FakeStorage } from '../storage/fakeStorage.ts';
import { keys } from '../storage/keys.ts';
import { createSettingsStore } from '../storage/settingsStore.ts';
import { createDialogService } from './dialogService.ts';

function setup(chanter = 'Standard') {
  const localStorage = new FakeStorage();
  const sessionStorage = new FakeStorage();
  const local = createSettingsStore(localStorage);
  const session = createSettingsStore(sessionStorage);
  local.write(keys.chanterName, chanter);
  const service = createDialogService(() => ({ local, session }));
  return { localStorage, sessionStorage, local, session, service };
}

const custom = { type: 'dlg_custom_chanter_recommended', component: 'battle' } as const;
const keyboard = { type: 'dlg_keyboard_chanter_info', component: 'flashcard' } as const;

describe('dialog service', () => {
  it('R-3.DLGTYPE-01 R-3.DLGTYPE-02 opens every dialog type; the microphone problem carries message and code', () => {
    const { service } = setup();
    expect(
      service.show({ type: 'dlg_microphone_problem', message: 'No mic', errorCode: 'E1' }),
    ).toBe(true);
    expect(service.getSnapshot()?.request).toEqual({
      type: 'dlg_microphone_problem',
      message: 'No mic',
      errorCode: 'E1',
    });
    for (const type of [
      'dlg_microphone_connection_error',
      'dlg_chantersync_complete',
      'dlg_chantersync_saved',
    ] as const) {
      service.close();
      expect(service.show({ type })).toBe(true);
    }
  });

  it('R-4.DIALOG-01 R-4.DIALOG-02 R-4.DIALOG-07 closing marks the per-component seen flag; showing sets the session flag', () => {
    const { localStorage, sessionStorage, service } = setup();
    expect(service.show(custom)).toBe(true);
    expect(sessionStorage.getItem('dlg_custom_chanter_instance')).toBe('true');
    service.close();
    expect(localStorage.getItem('calibration_dialog_seenbattle')).toBe('true');
    const kb = setup('Keyboard');
    kb.service.show(keyboard);
    expect(kb.sessionStorage.getItem('dlg_keyboard_info_instance')).toBe('true');
    kb.service.close();
    expect(kb.localStorage.getItem('keyboard_info_seenflashcard')).toBe('true');
  });

  it('closing without tracking does not mark it seen', () => {
    const { localStorage, service } = setup();
    service.show(custom, { track: false });
    service.close();
    expect(localStorage.getItem('calibration_dialog_seenbattle')).toBeNull();
  });

  it('R-4.DIALOG-03 a dialog that is already open does not open again', () => {
    const { service } = setup();
    expect(service.show(custom)).toBe(true);
    expect(service.show(custom, { force: true })).toBe(false);
  });

  it('R-4.DIALOG-04 a dialog shown this session does not show again', () => {
    const { service } = setup();
    service.show(custom, { track: false });
    service.close();
    expect(service.show(custom)).toBe(false);
  });

  it('R-4.DIALOG-05 a dialog seen before does not show; another component still shows it', () => {
    const { service, session } = setup();
    service.show(custom);
    service.close();
    session.clear(); // a new session
    expect(service.show(custom)).toBe(false);
    expect(service.show({ ...custom, component: 'blaster' })).toBe(true);
  });

  it('R-4.DIALOG-06 force-show overrides the seen and session checks', () => {
    const { service } = setup();
    service.show(custom);
    service.close();
    expect(service.show(custom, { force: true })).toBe(true);
  });

  it('R-4.DIALOG-08 R-8.OTHER-01 R-8.OTHER-02 a render failure clears the session flag and is logged', () => {
    const { sessionStorage, service } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    service.show(custom);
    service.renderFailed(new Error('boom'));
    expect(error).toHaveBeenCalledWith(
      'Dialog dlg_custom_chanter_recommended failed to render',
      expect.any(Error),
    );
    expect(sessionStorage.getItem('dlg_custom_chanter_instance')).toBeNull();
    expect(service.getSnapshot()).toBeNull();
    expect(service.show(custom)).toBe(true);
    error.mockRestore();
  });

  it('R-4.DIALOG-09 R-4.DIALOG-10 R-3.DLGTYPE-03 reset clears one component, or all of chantertest, battle, blaster, flashcard', () => {
    const { localStorage, service, session } = setup();
    for (const component of ['chantertest', 'battle', 'blaster', 'flashcard']) {
      service.show({ ...custom, component }, { force: true });
      service.close();
    }
    service.reset('battle');
    expect(localStorage.getItem('calibration_dialog_seenbattle')).toBeNull();
    expect(localStorage.getItem('calibration_dialog_seenblaster')).toBe('true');
    service.reset();
    for (const c of ['chantertest', 'battle', 'blaster', 'flashcard']) {
      expect(localStorage.getItem(`calibration_dialog_seen${c}`)).toBeNull();
    }
    expect(session.names()).toEqual([]);
  });

  it('R-4.DIALOG-11 the keyboard-info dialog shows only with the Keyboard chanter', () => {
    expect(setup('Standard').service.show(keyboard)).toBe(false);
    expect(setup('Keyboard').service.show(keyboard)).toBe(true);
  });

  it('R-4.DIALOG-12 R-2.4.DIALOG-02 the custom-chanter recommendation shows only with the standard chanter', () => {
    expect(setup('Keyboard').service.show(custom)).toBe(false);
    expect(setup('My chanter').service.show(custom)).toBe(false);
    expect(setup('Standard').service.show(custom)).toBe(true);
  });

  describe('issue 13.14: one dialog at a time, the others wait their turn', () => {
    const micProblem = {
      type: 'dlg_microphone_problem',
      message: 'Microphone access was denied. Please allow access in your browser settings.',
      errorCode: 'NotAllowedError',
    } as const;

    it('R-2.4.DIALOG-12 a microphone problem while Chanter Recommended is open shows when it closes', () => {
      const { service } = setup();
      expect(service.show(custom)).toBe(true);
      expect(service.show(micProblem)).toBe(true);
      expect(service.getSnapshot()?.request).toEqual(custom);
      service.close();
      expect(service.getSnapshot()?.request).toEqual(micProblem);
      service.close();
      expect(service.getSnapshot()).toBeNull();
    });

    it('the queue keeps its order and tells the host each time', () => {
      const { service } = setup();
      const listener = vi.fn();
      service.subscribe(listener);
      service.show(custom);
      service.show(micProblem);
      service.show({ type: 'dlg_microphone_connection_error' });
      expect(listener).toHaveBeenCalledTimes(1); // queued dialogs do not redraw the open one
      const order = [service.getSnapshot()?.request.type];
      while (service.getSnapshot()) {
        service.close();
        order.push(service.getSnapshot()?.request.type);
      }
      expect(order).toEqual([
        'dlg_custom_chanter_recommended',
        'dlg_microphone_problem',
        'dlg_microphone_connection_error',
        undefined,
      ]);
      expect(listener).toHaveBeenCalledTimes(4);
    });

    it('R-4.DIALOG-03 a dialog already waiting is not queued twice', () => {
      const { service } = setup();
      service.show(custom);
      expect(service.show(micProblem)).toBe(true);
      expect(service.show({ ...micProblem, message: 'again' })).toBe(false);
      service.close();
      service.close();
      expect(service.getSnapshot()).toBeNull();
    });

    it('R-4.DIALOG-04 R-4.DIALOG-05 a queued tracked dialog sets its session flag only when it opens, and closing marks it seen', () => {
      const { service, sessionStorage, localStorage } = setup();
      service.show(micProblem);
      expect(service.show(custom)).toBe(true);
      expect(sessionStorage.getItem('dlg_custom_chanter_instance')).toBeNull();
      service.close();
      expect(service.getSnapshot()?.request).toEqual(custom);
      expect(sessionStorage.getItem('dlg_custom_chanter_instance')).toBe('true');
      service.close();
      expect(localStorage.getItem('calibration_dialog_seenbattle')).toBe('true');
    });

    it('R-4.DIALOG-12 the rules are checked again at its turn: a chanter changed meanwhile skips it', () => {
      const { service, local } = setup();
      service.show(micProblem);
      service.show(custom);
      service.show({ type: 'dlg_chantersync_saved' });
      local.write(keys.chanterName, 'Keyboard');
      service.close();
      expect(service.getSnapshot()?.request.type).toBe('dlg_chantersync_saved');
    });

    it('dropQueued forgets the waiting dialogs and leaves the open one', () => {
      const { service, sessionStorage } = setup();
      service.show(micProblem);
      service.show(custom);
      service.dropQueued();
      expect(service.getSnapshot()?.request).toEqual(micProblem);
      service.close();
      expect(service.getSnapshot()).toBeNull();
      // Never shown, so it may still show this session.
      expect(sessionStorage.getItem('dlg_custom_chanter_instance')).toBeNull();
      expect(service.show(custom)).toBe(true);
    });

    it('R-4.DIALOG-08 a dialog that fails to render hands over to the next', () => {
      const { service } = setup();
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      service.show(custom);
      service.show(micProblem);
      service.renderFailed(new Error('boom'));
      expect(service.getSnapshot()?.request).toEqual(micProblem);
      error.mockRestore();
    });
  });
});
