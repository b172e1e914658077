import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, type FakeRoutes } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { formatDuration } from './LinkReading';
import type { LinkReading, ShareLink } from './sharing-api';

const link: ShareLink = {
  id: 'link-id-00000001',
  label: 'Seed round',
  scope: { kind: 'files', files: [{ id: '1700000000000-deckdeck01', name: 'deck.pdf' }] },
  expiresAt: null,
  hasPasscode: false,
  requireEmail: true,
  showStartupName: false,
  allowDownload: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
  status: 'active',
  copyable: true,
  views: 2,
  downloads: 2,
  lastViewedAt: '2026-11-21T10:00:00.000Z',
};

const reading: LinkReading = {
  files: [
    {
      fileId: '1700000000000-deckdeck01',
      fileName: 'deck.pdf',
      pageCount: 12,
      sessions: 2,
      totalSeconds: 185,
      pages: [
        { page: 1, seconds: 120, readers: 2 },
        { page: 2, seconds: 65, readers: 1 },
      ],
      viewers: [
        { viewerEmail: 'partner@example.com', pagesReached: 1, totalSeconds: 20, lastAt: '2026-11-21T11:00:00.000Z' },
        { viewerEmail: 'investor@example.com', pagesReached: 2, totalSeconds: 165, lastAt: '2026-11-21T10:00:00.000Z' },
      ],
    },
  ],
};

function renderSharing(api: FakeRoutes = {}) {
  const state = { link };
  return renderApp(
    '/data-room/sharing',
    { user: FOUNDER },
    {
      api: {
        'dataroom.list': { body: { files: [], nextCursor: null } },
        'sharing.list': () => ({ body: { links: [state.link] } }),
        'sharing.recentViews': { body: { events: [], nextCursor: null } },
        'sharing.linkViews': { body: { events: [], nextCursor: null } },
        'sharing.linkReading': { body: reading },
        'sharing.update': (request: FakeRequest) => {
          state.link = { ...state.link, allowDownload: (request.body as { allowDownload: boolean }).allowDownload };
          return { body: { link: state.link } };
        },
        ...api,
      },
    },
  );
}

const cardOf = async () =>
  (await screen.findByRole('heading', { level: 3, name: 'Seed round' })).closest('li') as HTMLElement;

describe('a link’s reading per file', () => {
  it('shows pages reached, the total and time per page, and each viewer’s pages and time', async () => {
    const { user } = renderSharing();
    const card = await cardOf();
    await user.click(within(card).getByRole('button', { name: 'Show views' }));
    const region = await within(card).findByRole('region', { name: 'Reading per file' });
    expect(
      within(region).getByText('2 viewer sessions · 3 min 05 s in all · 2 of 12 pages reached'),
    ).toBeInTheDocument();
    const pages = within(region).getByRole('list', { name: 'Time per page of deck.pdf' });
    expect(
      within(pages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Page 12 min 00 s · 2 readers', 'Page 21 min 05 s · 1 reader']);
    const viewers = within(region).getByRole('list', { name: 'Who read deck.pdf' });
    expect(within(viewers).getAllByRole('listitem')[0]).toHaveTextContent(
      /^partner@example\.com: 1 of 12 pages, 20 s · /,
    );
  });

  it('says when nobody has read a file yet', async () => {
    const { user } = renderSharing({ 'sharing.linkReading': { body: { files: [] } } });
    const card = await cardOf();
    await user.click(within(card).getByRole('button', { name: 'Show views' }));
    expect(await within(card).findByText('Nobody has read a file of this link in the viewer yet.')).toBeInTheDocument();
  });

  it('says it when the reading cannot be loaded', async () => {
    const { user } = renderSharing({ 'sharing.linkReading': apiError(404, 'No such share link.') });
    const card = await cardOf();
    await user.click(within(card).getByRole('button', { name: 'Show views' }));
    expect(await within(card).findByText('Could not load the reading time. Please try again.')).toBeInTheDocument();
  });

  it('formats durations in seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59.4)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min 00 s');
    expect(formatDuration(3599)).toBe('59 min 59 s');
    expect(formatDuration(3600)).toBe('1 h 00 min');
  });
});

describe('the downloads switch', () => {
  it('turns downloads off and on for the link, and says so', async () => {
    const { user, api } = renderSharing();
    const card = await cardOf();
    const box = within(card).getByRole('checkbox', { name: 'Viewers may download' });
    expect(box).toBeChecked();
    await user.click(box);
    expect(await screen.findByText('Downloads turned off')).toBeInTheDocument();
    expect(api.calls('sharing.update')[0]?.body).toEqual({ allowDownload: false });
    expect(api.calls('sharing.update')[0]?.url.pathname).toBe('/api/shares/link-id-00000001');
    await waitFor(() => expect(box).not.toBeChecked());
    expect(within(card).getByText(/View only/)).toBeInTheDocument();
    await user.click(box);
    expect(await screen.findByText('Downloads allowed')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
  });

  it('keeps the link’s value and says why when the change is refused', async () => {
    const { user } = renderSharing({ 'sharing.update': apiError(404, 'No such share link.') });
    const card = await cardOf();
    const box = within(card).getByRole('checkbox', { name: 'Viewers may download' });
    await user.click(box);
    expect(await screen.findByText('No such share link.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });
});
