import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES } from '#shared/api-types';
import { DATA_ROOM_ACCEPT, FILE_TYPE_NOT_ALLOWED } from '#shared/domain/data-room';
import { fileDownloader } from '../../lib/download';
import { deferred } from '../../test/deferred';
import type { FakeReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import {
  type DataRoomFakeOptions,
  dataRoomFake,
  FakeXhr,
  fileView,
  STORAGE_URL,
  UPLOAD_FIELDS,
} from '../../test/fixtures/fake-data-room';
import { renderApp } from '../../test/render-app';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

function renderDataRoom(options: DataRoomFakeOptions = {}) {
  const fake = dataRoomFake(options);
  const app = renderApp('/data-room', { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

async function openUpload(user: ReturnType<typeof renderDataRoom>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Upload File' }));
  return screen.getByRole('dialog', { name: 'Upload File' });
}

function pdf(name = 'pitch.pdf', size?: number): File {
  const file = new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Data Room page', () => {
  it('shows the title, six skeletons while loading, then the files newest first', async () => {
    const held = deferred<FakeReply>();
    const files = [
      fileView({ name: 'deck.pdf', category: 'pitch-deck', size: 2 * 1024 * 1024, uploadedAt: '2025-01-05T12:00:00Z' }),
      fileView({ name: 'model.xlsx', category: 'financial', size: 1536, contentType: 'application/vnd.ms-excel' }),
    ];
    renderDataRoom({ routes: { 'dataroom.list': () => held.promise } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Room' })).toBeInTheDocument();
    expect(screen.getByText("Store and organize your startup's important documents")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('file-skeleton')).toHaveLength(6));

    held.resolve({ body: { files, nextCursor: null } });
    const deck = (await screen.findByRole('heading', { level: 3, name: 'deck.pdf' })).closest('li') as HTMLElement;
    expect(screen.queryByTestId('file-skeleton')).not.toBeInTheDocument();
    expect(within(deck).getByText('Pitch Deck')).toBeInTheDocument();
    expect(within(deck).getByText('2.0 MB')).toBeInTheDocument();
    expect(within(deck).getByText('Uploaded on Jan 5, 2025')).toBeInTheDocument();
    expect(deck.querySelector('.file-icon--pdf')).not.toBeNull();
    const sheet = screen.getByRole('heading', { level: 3, name: 'model.xlsx' }).closest('li') as HTMLElement;
    expect(within(sheet).getByText('1.5 KB')).toBeInTheDocument();
    expect(sheet.querySelector('.file-icon--xls')).not.toBeNull();
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['deck.pdf', 'model.xlsx']);
  });

  it('says when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDataRoom({
      routes: { 'dataroom.list': { status: 403, body: { error: 'Forbidden', message: 'Not allowed.' } } },
    });
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading files');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the empty state with an upload button', async () => {
    const { user } = renderDataRoom();
    expect(await screen.findByText('No files found')).toBeInTheDocument();
    expect(screen.getByText('Upload files to see them here')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload a File' }));
    expect(screen.getByRole('dialog', { name: 'Upload File' })).toBeInTheDocument();
  });

  it('filters by name with the search box and by category with the tabs', async () => {
    const { user } = renderDataRoom({
      files: [
        fileView({ name: 'Seed Deck.pdf', category: 'pitch-deck' }),
        fileView({ name: 'Market sizing.docx', category: 'market-research' }),
        fileView({ name: 'Shareholder agreement.pdf', category: 'legal' }),
        fileView({ name: 'Misc notes.txt', category: 'other' }),
      ],
    });
    await screen.findByRole('heading', { level: 3, name: 'Seed Deck.pdf' });
    const shown = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

    const tabs = within(screen.getByRole('tablist', { name: 'File categories' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'All',
      'Pitch Deck',
      'Market Research',
      'Financial',
      'Legal',
      'Product',
      'Other',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('All');
    expect(shown()).toHaveLength(4);

    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'DECK');
    expect(shown()).toEqual(['Seed Deck.pdf']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search files' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'nothing like it');
    expect(screen.getByText('No files found')).toBeInTheDocument();
    expect(screen.getByText('Try a different search term')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search files' }));

    await user.click(screen.getByRole('tab', { name: 'Legal' }));
    expect(screen.getByRole('tab', { name: 'Legal' })).toHaveAttribute('aria-selected', 'true');
    expect(shown()).toEqual(['Shareholder agreement.pdf']);
    // A file uploaded as Other is found under its own tab, not only under All.
    await user.click(screen.getByRole('tab', { name: 'Other' }));
    expect(shown()).toEqual(['Misc notes.txt']);
    await user.click(screen.getByRole('tab', { name: 'Legal' }));
    // Arrow keys move between tabs (and select them).
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Financial' })).toHaveFocus();
    expect(screen.getByText('No files found')).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(shown()).toHaveLength(4);
  });

  it('loads more files with the next cursor', async () => {
    const first = fileView({ name: 'first.pdf' });
    const second = fileView({ name: 'second.pdf' });
    const { user, api } = renderDataRoom({
      routes: {
        'dataroom.list': (request) =>
          request.url.searchParams.get('cursor') === 'page-2'
            ? { body: { files: [second], nextCursor: null } }
            : { body: { files: [first], nextCursor: 'page-2' } },
      },
    });
    await screen.findByRole('heading', { level: 3, name: 'first.pdf' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'second.pdf' })).toBeInTheDocument();
    expect(api.calls('dataroom.list').map((r) => r.url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('Data Room upload', () => {
  it('uploads with real progress: asks for a presigned POST, sends fields then the file, confirms', async () => {
    const { user, api } = renderDataRoom({ files: [fileView({ name: 'older.pdf' })] });
    await screen.findByRole('heading', { level: 3, name: 'older.pdf' });
    const dialog = await openUpload(user);
    expect(within(dialog).getByText("Upload documents to your startup's data room.")).toBeInTheDocument();
    expect(within(dialog).getByText('Maximum file size: 10MB')).toBeInTheDocument();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toHaveAttribute('aria-disabled', 'true');

    const choose = within(dialog).getByRole('button', { name: 'Choose a file' });
    expect(choose).toHaveAccessibleDescription(/Drag and drop a file here, or.*Maximum file size: 10MB/);
    expect(choose).toHaveFocus();
    // The button operates the (hidden, unfocusable) native input.
    const input = within(dialog).getByLabelText('File to upload');
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
    await user.upload(input, pdf('pitch.pdf'));
    expect(choose).toHaveAccessibleDescription(/Selected file: pitch\.pdf \(13 B\)/);
    expect(within(dialog).getByText(/Selected file: pitch\.pdf/)).toBeInTheDocument();
    expect(upload).toHaveAttribute('aria-disabled', 'true');
    const category = within(dialog).getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'Pitch Deck', 'Market Research', 'Financial', 'Legal', 'Product', 'Other']);
    await user.selectOptions(category, 'pitch-deck');
    expect(upload).not.toHaveAttribute('aria-disabled');
    await user.click(upload);

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(api.calls('dataroom.startUpload')[0]?.body).toEqual({
      name: 'pitch.pdf',
      size: 13,
      contentType: 'application/pdf',
      category: 'pitch-deck',
    });
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(STORAGE_URL);
    const entries = [...(xhr.body?.entries() ?? [])];
    expect(entries.map(([name]) => name)).toEqual([...Object.keys(UPLOAD_FIELDS), 'file']);
    const sent = entries[entries.length - 1]?.[1];
    expect(sent instanceof File ? sent.name : sent).toBe('pitch.pdf');

    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => xhr.progress(0, 200));
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => xhr.progress(100, 200));
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    act(() => xhr.progress(200, 200));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(api.calls('dataroom.confirmUpload')).toHaveLength(0);

    act(() => xhr.respond(204));
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('File uploaded');
    expect(toast).toHaveTextContent('Your file has been uploaded successfully');
    expect(api.calls('dataroom.confirmUpload')[0]?.body).toEqual({
      key: UPLOAD_FIELDS.key,
      name: 'pitch.pdf',
      category: 'pitch-deck',
    });
    expect(screen.queryByRole('dialog', { name: 'Upload File' })).not.toBeInTheDocument();
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['pitch.pdf', 'older.pdf']);
  });

  it('takes a dropped file', async () => {
    const { user } = renderDataRoom();
    const dialog = await openUpload(user);
    const zone = within(dialog).getByTestId('dropzone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')] } });
    expect(within(dialog).getByText(/Selected file: dropped\.pdf/)).toBeInTheDocument();
  });

  it('says what is missing instead of uploading without a file or a category', async () => {
    const { user, api } = renderDataRoom();
    const dialog = await openUpload(user);
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'legal');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Missing information');
    expect(alert).toHaveTextContent('Please select a file and category');
    expect(api.calls('dataroom.startUpload')).toHaveLength(0);
  });

  it('refuses a file over 10 MB before uploading anything', async () => {
    const { user, api } = renderDataRoom();
    const dialog = await openUpload(user);
    const input = within(dialog).getByLabelText('File to upload');
    await user.upload(input, pdf('huge.pdf', MAX_FILE_BYTES + 1));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent('The file is larger than 10MB.');
    expect(within(dialog).queryByText(/Selected file/)).not.toBeInTheDocument();
    // Said in the dialog too, with the file's size and the limit, until dismissed: a toast fades.
    const inDialog = within(dialog).getByRole('alert');
    expect(inDialog).toHaveTextContent('The file is larger than 10MB. This one is 10.1 MB; the limit is 10 MB.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.upload(input, pdf('deck.pdf', 30 * 1024 * 1024 + 200 * 1024));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This one is 30.2 MB; the limit is 10 MB.');
    // Exactly 10 MB is allowed, and choosing it clears the refusal.
    await user.upload(input, pdf('limit.pdf', MAX_FILE_BYTES));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByText(/Selected file: limit\.pdf \(10\.0 MB\)/)).toBeInTheDocument();
    expect(api.calls('dataroom.startUpload')).toHaveLength(0);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('offers only the accepted types in the picker and refuses another type before uploading anything', async () => {
    const { user, api } = renderDataRoom();
    const dialog = await openUpload(user);
    const input = within(dialog).getByLabelText('File to upload');
    expect(input).toHaveAttribute('accept', DATA_ROOM_ACCEPT);
    expect(within(dialog).getByText('Accepted: PDF, images, office documents, text and ZIP files')).toBeInTheDocument();
    const zone = within(dialog).getByTestId('dropzone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] } });
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent(FILE_TYPE_NOT_ALLOWED);
    expect(within(dialog).queryByText(/Selected file/)).not.toBeInTheDocument();
    // An accepted type is taken.
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'deck.png', { type: 'image/png' })] } });
    expect(within(dialog).getByText(/Selected file: deck\.png/)).toBeInTheDocument();
    expect(api.calls('dataroom.startUpload')).toHaveLength(0);
  });

  it('uploads a file under the type its extension stands for, whatever the browser reports', async () => {
    const { user, api } = renderDataRoom();
    const dialog = await openUpload(user);
    fireEvent.drop(within(dialog).getByTestId('dropzone'), {
      dataTransfer: { files: [new File(['a,b'], 'numbers.csv', { type: 'application/vnd.ms-excel' })] },
    });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'financial');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.calls('dataroom.startUpload')).toHaveLength(1));
    expect(api.calls('dataroom.startUpload')[0]?.body).toMatchObject({ name: 'numbers.csv', contentType: 'text/csv' });
  });

  async function startUploading(user: ReturnType<typeof renderDataRoom>['user']) {
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('File to upload'), pdf('pitch.pdf'));
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'financial');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    return dialog;
  }

  it('reports a refusal of the API with its message and error name, and resets', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderDataRoom({
      routes: {
        'dataroom.startUpload': {
          status: 413,
          body: { error: 'PayloadTooLarge', message: 'Files can be at most 10 MB.' },
        },
      },
    });
    const dialog = await startUploading(user);
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent('Files can be at most 10 MB. (Error: PayloadTooLarge)');
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('says so when the session is gone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderDataRoom({
      routes: {
        'dataroom.startUpload': {
          status: 401,
          body: { error: 'Unauthorized', message: 'Please sign in to continue.' },
        },
      },
    });
    await startUploading(user);
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Not authenticated');
    expect(alert).toHaveTextContent('You must be logged in to upload files.');
  });

  it('reports a refusal of the storage with its message and code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, api } = renderDataRoom();
    await startUploading(user);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(
        400,
        '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
      ),
    );
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent('Your proposed upload exceeds the maximum allowed size (Error: EntityTooLarge)');
    expect(api.calls('dataroom.confirmUpload')).toHaveLength(0);
  });

  it('reports a failed confirmation as an error saving the metadata', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderDataRoom({
      routes: {
        'dataroom.confirmUpload': {
          status: 413,
          body: { error: 'PayloadTooLarge', message: 'The stored file is larger than 10 MB.' },
        },
      },
    });
    const dialog = await startUploading(user);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(204));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Error saving file metadata');
    expect(alert).toHaveTextContent('The stored file is larger than 10 MB.');
    expect(screen.getByRole('dialog', { name: 'Upload File' })).toBe(dialog);
    expect(screen.getByText('No files found')).toBeInTheDocument();
  });

  it('cancels the storage upload when the dialog closes', async () => {
    const { user, api } = renderDataRoom();
    const dialog = await startUploading(user);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('dataroom.confirmUpload')).toHaveLength(0);
    expect(within(notifications()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Data Room file actions', () => {
  it('downloads through the short-lived link, disabling both actions meanwhile', async () => {
    const start = vi.spyOn(fileDownloader, 'start').mockImplementation(() => undefined);
    const held = deferred<FakeReply>();
    const file = fileView({ id: 'f-1', name: 'deck.pdf' });
    const { user, api } = renderDataRoom({ files: [file], routes: { 'dataroom.download': () => held.promise } });
    await user.click(await screen.findByRole('button', { name: 'Actions for deck.pdf' }));
    const menu = screen.getByRole('menu', { name: 'Actions for deck.pdf' });
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).toHaveFocus();
    await user.click(within(menu).getByRole('menuitem', { name: 'Download' }));

    expect(within(menu).getByRole('menuitem', { name: 'Downloading...' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();

    held.resolve({ body: { url: 'https://storage.example.test/f-1?sig=1', name: 'deck.pdf' } });
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Download started');
    expect(toast).toHaveTextContent('deck.pdf is now downloading');
    expect(start).toHaveBeenCalledWith('https://storage.example.test/f-1?sig=1', 'deck.pdf');
    expect(api.calls('dataroom.download')[0]?.url.pathname).toBe('/api/files/f-1/download');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actions for deck.pdf' })).toHaveFocus();
  });

  it('says when a download fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const start = vi.spyOn(fileDownloader, 'start').mockImplementation(() => undefined);
    const { user } = renderDataRoom({
      files: [fileView({ name: 'deck.pdf' })],
      routes: { 'dataroom.download': { status: 404, body: { error: 'NotFound', message: 'File not found.' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for deck.pdf' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download' }));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Download failed');
    expect(start).not.toHaveBeenCalled();
  });

  it('deletes after confirmation', async () => {
    const file = fileView({ id: 'f-9', name: 'old deck.pdf' });
    const { user, api } = renderDataRoom({ files: [file, fileView({ name: 'keep.pdf' })] });
    await user.click(await screen.findByRole('button', { name: 'Actions for old deck.pdf' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription(
      'This action cannot be undone. This will permanently delete old deck.pdf.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('dataroom.delete')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Actions for old deck.pdf' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Actions for old deck.pdf' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('File deleted');
    expect(toast).toHaveTextContent('old deck.pdf has been deleted');
    expect(api.calls('dataroom.delete')[0]?.url.pathname).toBe('/api/files/f-9');
    expect(screen.queryByRole('heading', { level: 3, name: 'old deck.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'keep.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [
      { status: 502, body: { error: 'StorageDeleteFailed', message: 'The file could not be removed.' } },
      'Delete failed',
    ],
    [
      { status: 500, body: { error: 'MetadataDeleteFailed', message: 'The file record could not be removed.' } },
      'Delete failed (metadata)',
    ],
  ])('reports a failed delete (%#)', async (reply, title) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const held = deferred<FakeReply>();
    const { user } = renderDataRoom({
      files: [fileView({ name: 'deck.pdf' })],
      routes: { 'dataroom.delete': () => held.promise },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for deck.pdf' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    held.resolve(reply);
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent(new RegExp(`^${title.replace(/[()]/g, '\\$&')}`));
    expect(alert).toHaveTextContent(reply.body.message);
    if (title === 'Delete failed') expect(alert).not.toHaveTextContent('(metadata)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
