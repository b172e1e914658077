import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INLINE_READ_PATH } from '#shared/deploy-names';
import { sharePagePath } from '#shared/domain/sharing';
import type { FakeRoutes } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import type { OpenedShare, SharedFile } from './sharing-api';

const TOKEN = 'V'.repeat(43);
const SESSION = 'S'.repeat(43);
const STORAGE_URL = 'https://storage.example.test/chart.png?sig';

const file = (overrides: Partial<SharedFile>): SharedFile => ({
  id: '1700000000000-chartchart',
  name: 'chart.png',
  category: 'market-research',
  size: 1024,
  contentType: 'image/png',
  ...overrides,
});

function opened(files: SharedFile[], allowDownload: boolean): OpenedShare {
  return {
    session: SESSION,
    sessionExpiresAt: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
    startupName: null,
    expiresAt: null,
    allowDownload,
    files,
  };
}

function renderShare(share: OpenedShare, extra: FakeRoutes = {}) {
  return renderApp(
    sharePagePath(TOKEN),
    {},
    {
      api: {
        'sharing.viewerInfo': { body: { needsPasscode: false, needsEmail: false, startupName: null, expiresAt: null } },
        'sharing.viewerOpen': { body: share },
        'sharing.viewerDownload': { body: { url: STORAGE_URL, name: 'chart.png' } },
        'sharing.viewerReading': { status: 204 },
        ...extra,
      },
    },
  );
}

let storage: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  storage = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(new Blob(['png'])));
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chart');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the share page’s document viewer', () => {
  it('shows an image in the page from bytes it fetched itself, view only, and reports the time when closed', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { user, api } = renderShare(opened([file({})], false));
    const list = await screen.findByRole('list', { name: 'Shared files' });
    expect(screen.getByText('The sender allows viewing these files here, not downloading them.')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Download chart.png' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Open chart.png' }));
    expect(await screen.findByRole('img', { name: 'chart.png' })).toHaveAttribute('src', 'blob:chart');
    expect(screen.getByRole('heading', { level: 1, name: 'chart.png' })).toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(api.calls('sharing.viewerDownload')[0]?.body).toEqual({
      session: SESSION,
      fileId: '1700000000000-chartchart',
      disposition: 'inline',
    });
    expect(storage).toHaveBeenCalledWith(STORAGE_URL);
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Back to files' }));
    await screen.findByRole('list', { name: 'Shared files' });
    await waitFor(() => expect(api.calls('sharing.viewerReading')).toHaveLength(1));
    expect(api.calls('sharing.viewerReading')[0]?.body).toMatchObject({
      session: SESSION,
      fileId: '1700000000000-chartchart',
      pageCount: 1,
      pages: [{ page: 1, seconds: expect.any(Number) }],
    });
  });

  it('offers Download in the viewer where the founder allows it, saving from memory', async () => {
    const { user } = renderShare(opened([file({})], true));
    const list = await screen.findByRole('list', { name: 'Shared files' });
    await user.click(within(list).getByRole('button', { name: 'Open chart.png' }));
    await screen.findByRole('img', { name: 'chart.png' });
    expect(screen.getByRole('button', { name: 'Download chart.png' })).toBeInTheDocument();
  });

  it('shows a text file and a CSV as their text', async () => {
    const notes = file({ id: '1700000000000-notesnotes', name: 'notes.txt', contentType: 'text/plain' });
    const metrics = file({ id: '1700000000000-metricsmet', name: 'metrics.csv', contentType: 'text/csv' });
    storage.mockImplementation(async () => new Response('month,mrr\n1,100'));
    const { user } = renderShare(opened([notes, metrics], false));
    for (const shown of [notes, metrics]) {
      const list = await screen.findByRole('list', { name: 'Shared files' });
      await user.click(within(list).getByRole('button', { name: `Open ${shown.name}` }));
      const stage = await screen.findByRole('region', { name: `${shown.name}, shown here` });
      expect(await within(stage).findByText(/month,mrr/)).toBeInTheDocument();
      expect(within(stage).queryByText(/cannot be shown here/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Back to files' }));
    }
  });

  it('never sends the browser to an inline read: the page fetches it, and no link, frame or image points there', async () => {
    const inline = `${INLINE_READ_PATH}/preseed-data/sub/1700000000000_notes.txt?X-Amz-Signature=abc`;
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    storage.mockImplementation(async () => new Response('Our plan'));
    const notes = file({ id: '1700000000000-notesnotes', name: 'notes.txt', contentType: 'text/plain' });
    const photo = file({});
    const { user, container } = renderShare(opened([notes, photo], true), {
      'sharing.viewerDownload': { body: { url: inline, name: 'notes.txt' } },
    });
    const pointsThere = () =>
      [...container.ownerDocument.querySelectorAll('[href], [src], [data], [action]')].filter((el) =>
        ['href', 'src', 'data', 'action'].some((name) => el.getAttribute(name)?.includes(INLINE_READ_PATH)),
      );
    for (const shown of [notes, photo]) {
      const list = await screen.findByRole('list', { name: 'Shared files' });
      await user.click(within(list).getByRole('button', { name: `Open ${shown.name}` }));
      await screen.findByRole('region', { name: `${shown.name}, shown here` });
      await waitFor(() => expect(storage).toHaveBeenCalledWith(inline));
      expect(pointsThere()).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Back to files' }));
    }
    expect(assign).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(window.location.pathname).not.toContain(INLINE_READ_PATH);
  });

  it('says a file type it cannot show, without fetching it, and what the viewer can do', async () => {
    const sheet = file({ id: '1700000000000-modelmodel', name: 'model.xlsx', contentType: 'application/vnd.ms-excel' });
    const { user, api } = renderShare(opened([sheet], false));
    const list = await screen.findByRole('list', { name: 'Shared files' });
    await user.click(within(list).getByRole('button', { name: 'Open model.xlsx' }));
    expect(
      await screen.findByText(/cannot be shown here, and its sender allows viewing only\. Ask them for a PDF\./),
    ).toBeInTheDocument();
    expect(api.calls('sharing.viewerDownload')).toEqual([]);
  });

  it('says how to try again when storage fails to hand over the file, and shows it when opened again', async () => {
    storage.mockResolvedValueOnce(new Response('', { status: 503 }));
    const { user } = renderShare(opened([file({})], false));
    const list = await screen.findByRole('list', { name: 'Shared files' });
    await user.click(within(list).getByRole('button', { name: 'Open chart.png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file could not be shown just now. Go back to the files and open it again.',
    );
    await user.click(screen.getByRole('button', { name: 'Back to files' }));
    await user.click(
      within(await screen.findByRole('list', { name: 'Shared files' })).getByRole('button', { name: 'Open chart.png' }),
    );
    expect(await screen.findByRole('img', { name: 'chart.png' })).toBeInTheDocument();
  });

  it('turns into the turned-off page when the link is revoked as a file opens', async () => {
    const { user } = renderShare(opened([file({})], false), {
      'sharing.viewerDownload': {
        status: 410,
        body: { error: 'ShareLinkRevoked', message: 'This share link has been turned off by its owner.' },
      },
    });
    const list = await screen.findByRole('list', { name: 'Shared files' });
    await user.click(within(list).getByRole('button', { name: 'Open chart.png' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has been turned off' })).toBeInTheDocument();
  });
});
