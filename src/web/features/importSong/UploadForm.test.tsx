import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { libraryMessages } from '../../../contracts/library/libraryTerms.ts';
import { toMusicXml } from '../../../music/bww/toMusicXml.ts';
import { fieldOfMessage, UploadForm } from './UploadForm.tsx';
import { detailsOf, formatOf, readTuneFile, type TuneFile } from './readTuneFile.ts';

afterEach(cleanup);

// A small tune written for this test.
const text = `"Test Jig",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n"Jig",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)\n"A. Piper",(M,R,0,0,Times New Roman,14,400,0,0,18,0,0,0)\n& sharpf sharpc 6_8 I! LA_8 B_8 C_8 D_4 E_8 !I\n`;

function opened(): TuneFile {
  const result = readTuneFile('test.bww', text);
  if (!result.ok) throw new Error(result.message);
  return result.file;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TUNE_ID = '6f1c1d2e-8a7b-4c3d-9e8f-0a1b2c3d4e5f';
const duplicate = {
  tune: {
    id: TUNE_ID,
    slug: 'test-jig',
    title: 'Test Jig',
    aliases: [],
    type: 'jig',
    timeSignature: '6/8',
    composer: 'Traditional',
    composerDates: null,
    featured: false,
    settingCount: 1,
    previewBww: null,
  },
  reason: 'melody',
  similarity: 0.93,
};

function server(saveAnswer: Response | (() => Response), duplicates: unknown[] = []) {
  const posts: { url: string; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as unknown;
    posts.push({ url: String(url), body });
    if (String(url).endsWith('/check')) {
      return json({
        data: {
          tunes: [
            { title: 'Test Jig', composer: 'A. Piper', type: 'Jig', timeSignature: '6/8', bars: 1 },
          ],
          warnings: [],
          duplicates,
        },
      });
    }
    return typeof saveAnswer === 'function' ? saveAnswer() : saveAnswer;
  });
  return { posts, fetchImpl: fetchImpl as typeof fetch };
}

function renderForm(fetchImpl: typeof fetch, onSaved = vi.fn()) {
  const file = opened();
  render(
    <MemoryRouter>
      <UploadForm
        file={file}
        tuneIndex={0}
        details={detailsOf(file.tunes[0]!, 0)}
        onSaved={onSaved}
        fetchImpl={fetchImpl}
      />
    </MemoryRouter>,
  );
  return onSaved;
}

describe('issue 15.3: adding a tune to the library', () => {
  it('prefills from the file and asks for a licence before saving', async () => {
    const { posts, fetchImpl } = server(json({}));
    const user = userEvent.setup();
    renderForm(fetchImpl);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Test Jig');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('jig');
    expect((screen.getByLabelText('Time signature') as HTMLSelectElement).value).toBe('6/8');
    expect((screen.getByLabelText('Composer') as HTMLInputElement).value).toBe('A. Piper');
    expect(screen.getByText(libraryMessages.livingComposers)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save privately' }));
    expect(screen.getByText(libraryMessages.licenceRequired)).toBeTruthy();
    expect(posts.filter((p) => p.url === '/api/library/uploads')).toHaveLength(0);
  });

  it('keeps music for private use private: sharing is offered only under an open licence', async () => {
    const { fetchImpl } = server(json({}));
    const user = userEvent.setup();
    renderForm(fetchImpl);
    const share = screen.getByLabelText(/Share it in the public library/) as HTMLInputElement;
    expect(share.disabled).toBe(true);
    await user.click(screen.getByLabelText(/For my own use only/));
    expect(share.disabled).toBe(true);
    await user.click(screen.getByLabelText(/CC BY 4.0/));
    expect(share.disabled).toBe(false);
    await user.click(share);
    await user.click(screen.getByRole('button', { name: 'Save and ask to share' }));
    expect(screen.getByText(libraryMessages.attributionRequired)).toBeTruthy();
  });

  it('offers a tune with the same melody as a new setting of it, and sends the choice', async () => {
    const saved = {
      tune: duplicate.tune,
      setting: {
        id: '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
        tuneId: TUNE_ID,
        bww: text,
        arranger: null,
        source: null,
        licence: 'public-domain',
        attribution: null,
        visibility: 'pending',
        builtin: false,
        uploaderName: 'AP',
        mine: true,
        rejectReason: null,
        createdAt: '2026-11-25T00:00:00.000Z',
      },
    };
    const { posts, fetchImpl } = server(json({ data: saved }), [duplicate]);
    const user = userEvent.setup();
    const onSaved = renderForm(fetchImpl);
    await user.click(
      await screen.findByLabelText(/Add as a new setting of “Test Jig” \(93% the same melody\)/),
    );
    await user.click(screen.getByLabelText(/Public domain/));
    await user.click(screen.getByLabelText(/Share it in the public library/));
    await user.click(screen.getByRole('button', { name: 'Save and ask to share' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const upload = posts.find((p) => p.url === '/api/library/uploads')?.body as Record<
      string,
      unknown
    >;
    expect(upload).toMatchObject({
      format: 'bww',
      tuneId: TUNE_ID,
      licence: 'public-domain',
      share: true,
      tuneIndex: 0,
    });
  });

  it('shows the server’s field message under its field', async () => {
    const { fetchImpl } = server(
      json(
        {
          error: { message: `licence: ${libraryMessages.publicNeedsLicence}`, code: 'validation' },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderForm(fetchImpl);
    await user.click(screen.getByLabelText(/CC0/));
    await user.click(screen.getByRole('button', { name: 'Save privately' }));
    await screen.findByText(libraryMessages.publicNeedsLicence);
  });
});

describe('issue 15.4: reading the file before it is sent', () => {
  it('tells MusicXML from BWW by name or first element', () => {
    expect(formatOf('a.musicxml', '')).toBe('musicxml');
    expect(formatOf('a.txt', '<?xml version="1.0"?><score-partwise>')).toBe('musicxml');
    expect(formatOf('a.bww', 'Bagpipe Reader:1.0')).toBe('bww');
  });
  it('reads MusicXML in the browser for the preview, and refuses malformed XML in words', () => {
    const xml = toMusicXml(opened().tunes[0]!);
    const result = readTuneFile('test.musicxml', xml);
    expect(result.ok && result.file.format).toBe('musicxml');
    expect(result.ok && detailsOf(result.file.tunes[0]!, 0)).toMatchObject({
      title: 'Test Jig',
      timeSignature: '6/8',
    });
    const bad = readTuneFile('bad.musicxml', '<score-partwise><part>');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(
      /^No music could be read from “bad.musicxml”: .*\. Nothing was changed\.$/,
    );
  });
  it('refuses a file with no music in words, and splits a field from a server message', () => {
    const result = readTuneFile('notes.bww', 'hello');
    expect(result.ok).toBe(false);
    expect(fieldOfMessage('title: Title is required.')).toEqual({
      field: 'title',
      text: 'Title is required.',
    });
    expect(fieldOfMessage('aliases.2: This field is too long.')).toEqual({
      field: 'aliases',
      text: 'This field is too long.',
    });
    expect(fieldOfMessage('Please sign in.')).toEqual({ field: null, text: 'Please sign in.' });
  });
});
