import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogOutlet } from '../../ui/DialogOutlet.tsx';
import { dialogs } from '../../ui/dialogService.ts';
import { ListeningQuiz } from './ListeningQuiz.tsx';

afterEach(() => {
  dialogs.dropQueued();
  dialogs.close();
  vi.restoreAllMocks();
});

describe('ListeningQuiz', () => {
  it('issue 13.14 R-8.MIC-01 a failed microphone shows the Microphone Access Problem dialog', async () => {
    // jsdom has no getUserMedia: the 'unsupported' access problem of spec §4 'Microphone'.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <ListeningQuiz showFingering={false} display="staff" onDisplayChange={() => undefined} />
        <DialogOutlet />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start Quiz' }));
      await Promise.resolve();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Microphone Access Problem' });
    expect(dialog.textContent).toContain(
      'Your browser does not support microphone access (getUserMedia).',
    );
    expect(dialog.textContent).toContain('We will guide you through fixing this problem.');
  });
});
