import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMessages } from '../../contracts/forms.ts';
import { SEND_EMAIL_MAX_WIDTH, sendEmailMessages } from '../../contracts/sendEmail.ts';
import type { EmailToSend, SendEmailResult } from './sendEmail.ts';
import { SendEmailDialog, type SendEmailDialogProps } from './SendEmailDialog.tsx';

// The real widget is proven in e2e/sendEmail.e2e.ts; here a button stands in for a solved check.
vi.mock('./HumanCheck.tsx', () => ({
  useHumanCheckSetup: () => ({ provider: 'altcha', siteKey: '' }),
  HumanCheck: ({
    onChange,
    resetKey,
  }: {
    onChange: (p: string | null) => void;
    resetKey: number;
  }) => (
    <>
      <button type="button" onClick={() => onChange(`token-${resetKey}`)}>
        Solve human check
      </button>
      <button type="button" onClick={() => onChange('solve-when-online')}>
        Offline check
      </button>
    </>
  ),
}));

type Send = (payload: EmailToSend) => Promise<SendEmailResult>;

function renderDialog(props: Partial<SendEmailDialogProps> = {}) {
  const base: SendEmailDialogProps = {
    open: true,
    onClose: vi.fn(),
    recipientId: 'site-owner',
    recipientName: 'Chanterlab team',
    send: vi.fn<Send>().mockResolvedValue({ ok: true }),
    ...props,
  };
  const view = render(<SendEmailDialog {...base} />);
  return {
    ...view,
    props: base,
    rerenderWith: (p: Partial<SendEmailDialogProps>) =>
      view.rerender(<SendEmailDialog {...base} {...p} />),
  };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const solve = () => fireEvent.click(screen.getByRole('button', { name: 'Solve human check' }));
async function clickSend() {
  await act(async () => {
    fireEvent.click(sendButton());
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Send Email dialog', () => {
  it('R-2.4.EMAILDLG-01..08 title, fields, buttons and maximum width', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Send Email' });
    expect(dialog.style.maxWidth).toBe(`${SEND_EMAIL_MAX_WIDTH}px`);
    expect(input('Your email').readOnly).toBe(false);
    expect(input('To').value).toBe('Chanterlab team');
    expect(input('To').readOnly).toBe(true);
    expect(input('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('group', { name: 'Human check' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(sendButton()).toBeTruthy();
  });

  it('a custom title replaces the default', () => {
    renderDialog({ title: 'Email Iain' });
    expect(screen.getByRole('dialog', { name: 'Email Iain' })).toBeTruthy();
  });

  it('R-2.4.EMAILDLG-03 a known email is shown read-only', () => {
    renderDialog({ userEmail: 'morag@example.org' });
    expect(input('Your email').value).toBe('morag@example.org');
    expect(input('Your email').readOnly).toBe(true);
  });

  it('R-4.EMAILDLG-02 R-5.EMAILDLG-04 Send is disabled until the check is verified, and says why', () => {
    renderDialog();
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByText(formMessages.humanCheckRequired)).toBeTruthy();
    solve();
    expect(sendButton().disabled).toBe(false);
    expect(screen.queryByText(formMessages.humanCheckRequired)).toBeNull();
  });

  it.each([
    [
      'R-5.EMAILDLG-01',
      { message: '   ', email: 'morag@example.org' },
      sendEmailMessages.messageEmpty,
    ],
    ['R-5.EMAILDLG-02', { message: 'Hello', email: '' }, sendEmailMessages.emailRequired],
    [
      'R-5.EMAILDLG-03',
      { message: 'Hello', email: 'morag.example.org' },
      sendEmailMessages.invalidEmail,
    ],
  ])('%s shows its message and R-5.EMAILDLG-05 passes nothing on', async (_id, values, message) => {
    const { props } = renderDialog();
    fireEvent.change(input('Message'), { target: { value: values.message } });
    fireEvent.change(input('Your email'), { target: { value: values.email } });
    solve();
    await clickSend();
    expect(screen.getByText(message)).toBeTruthy();
    expect(props.send).not.toHaveBeenCalled();
  });

  it('R-5.EMAILDLG-05 sends message, sender email and captcha token to the recipient id', async () => {
    const { props } = renderDialog({ userEmail: 'morag@example.org' });
    fireEvent.change(input('Message'), { target: { value: '  Lessons in Inverness?  ' } });
    solve();
    await clickSend();
    expect(props.send).toHaveBeenCalledWith({
      recipientId: 'site-owner',
      message: 'Lessons in Inverness?',
      email: 'morag@example.org',
      captchaToken: 'token-0',
    });
    expect(screen.getByRole('status').textContent).toBe(sendEmailMessages.sent);
  });

  it('issue 18.1: offline, the message is kept (its check solved when back online), nothing is sent now, and the dialog says so', async () => {
    const keep = vi.fn(() => true);
    const { props } = renderDialog({ userEmail: 'morag@example.org', keep });
    fireEvent.change(input('Message'), { target: { value: ' Lessons in Inverness? ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Offline check' }));
    await clickSend();
    expect(props.send).not.toHaveBeenCalled();
    expect(keep).toHaveBeenCalledWith({
      recipientId: 'site-owner',
      message: 'Lessons in Inverness?',
      email: 'morag@example.org',
    });
    expect(screen.getByRole('status').textContent).toBe(
      "You're offline. Your message is kept on this device and will be sent when you're back online.",
    );
  });

  it("a refusal shows the server's message and asks for a fresh check", async () => {
    const send = vi
      .fn<Send>()
      .mockResolvedValue({ ok: false, message: formMessages.humanCheckUsed });
    renderDialog({ send, userEmail: 'morag@example.org' });
    fireEvent.change(input('Message'), { target: { value: 'Hello' } });
    solve();
    await clickSend();
    expect(screen.getByRole('alert').textContent).toBe(formMessages.humanCheckUsed);
    expect(sendButton().disabled).toBe(true);
    solve();
    await clickSend();
    expect(send.mock.calls[1]?.[0].captchaToken).toBe('token-1');
  });

  it('R-4.EMAILDLG-01 reopening resets the fields, the error and the check', async () => {
    const send = vi.fn<Send>().mockResolvedValue({ ok: false, message: 'Nope.' });
    const { rerenderWith } = renderDialog({ send });
    fireEvent.change(input('Message'), { target: { value: 'Hello' } });
    fireEvent.change(input('Your email'), { target: { value: 'morag@example.org' } });
    solve();
    await clickSend();
    expect(screen.getByRole('alert')).toBeTruthy();
    rerenderWith({ open: false, send });
    expect(screen.queryByRole('dialog')).toBeNull();
    rerenderWith({ open: true, send });
    expect(input('Message').value).toBe('');
    expect(input('Your email').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton().disabled).toBe(true);
  });

  it('Cancel closes', () => {
    const { props } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onClose).toHaveBeenCalled();
  });
});
