import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharePagePath } from '#shared/domain/sharing';
import { fileDownloader } from '../../lib/download';
import { apiError, type FakeRequest, type FakeRoutes } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import type { OpenedShare, ViewerInfo } from './sharing-api';

const TOKEN = 'V'.repeat(43);
const SESSION = 'S'.repeat(43);
/** The link the founder copies: the token after `#`. */
const PATH = sharePagePath(TOKEN);

const passcodeInfo = (startupName: string | null = 'Acme Rockets'): ViewerInfo => ({
  needsPasscode: true,
  needsEmail: false,
  startupName,
});
const openInfo = (overrides: { needsEmail?: boolean; expiresAt?: string | null } = {}): ViewerInfo => ({
  needsPasscode: false,
  needsEmail: overrides.needsEmail ?? false,
  startupName: 'Acme Rockets',
  expiresAt: overrides.expiresAt ?? null,
});

const opened: OpenedShare = {
  session: SESSION,
  sessionExpiresAt: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
  startupName: 'Acme Rockets',
  expiresAt: null,
  allowDownload: true,
  files: [
    {
      id: '1700000000000-deckdeck01',
      name: 'deck.pdf',
      category: 'pitch-deck',
      size: 2048,
      contentType: 'application/pdf',
    },
  ],
};

function renderViewer(api: FakeRoutes, path = PATH) {
  // No signed-in user: the page is public.
  return renderApp(path, {}, { api });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('Shared files page (viewer)', () => {
  it('asks for the passcode, says a wrong one, then lists the files and downloads one', async () => {
    const start = vi.spyOn(fileDownloader, 'start').mockImplementation(() => {});
    // The page fetches the file itself and saves it from memory: the browser never goes to the storage address.
    const storage = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('%PDF-1.4'));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:deck');
    const { user, api } = renderViewer({
      'sharing.viewerInfo': { body: passcodeInfo() },
      'sharing.viewerOpen': (request: FakeRequest) =>
        (request.body as { passcode?: string }).passcode === 'open-sesame'
          ? { body: opened }
          : {
              status: 403,
              body: { error: 'WrongPasscode', message: 'That passcode is not right. Please check it and try again.' },
            },
      'sharing.viewerDownload': { body: { url: 'https://storage.example.test/deck.pdf?sig', name: 'deck.pdf' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Passcode needed' })).toBeInTheDocument();
    expect(screen.getByText(/Acme Rockets shared documents with you\. Enter the passcode/)).toBeInTheDocument();
    // The link's token is all the page sends: never a user id, never a bearer token.
    expect(api.calls('sharing.viewerInfo')[0]?.body).toEqual({ token: TOKEN });
    expect(api.calls('sharing.viewerInfo')[0]?.headers.get('authorization')).toBeNull();

    await user.type(screen.getByLabelText('Passcode'), 'guess');
    await user.click(screen.getByRole('button', { name: 'View files' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That passcode is not right');

    await user.clear(screen.getByLabelText('Passcode'));
    await user.type(screen.getByLabelText('Passcode'), 'open-sesame');
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('list', { name: 'Shared files' });
    expect(within(list).getByText('deck.pdf')).toBeInTheDocument();
    expect(within(list).getByText('Pitch Deck · 2.0 KB')).toBeInTheDocument();
    // The founder chose to show their startup name: it heads the page (never the link's label, which is theirs).
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Rockets' })).toBeInTheDocument();
    // The title is an effect's, which a busy machine may run after the heading is on the page.
    await waitFor(() => expect(document.title).toBe('Acme Rockets · Preseed'));

    await user.click(within(list).getByRole('button', { name: 'Download deck.pdf' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('blob:deck', 'deck.pdf'));
    expect(storage).toHaveBeenCalledWith('https://storage.example.test/deck.pdf?sig');
    expect(api.calls('sharing.viewerDownload')[0]?.body).toEqual({
      session: SESSION,
      fileId: '1700000000000-deckdeck01',
      disposition: 'attachment',
    });
  });

  it('opens straight away when the link asks for nothing, and asks for an email when it does', async () => {
    renderViewer({
      'sharing.viewerInfo': { body: openInfo() },
      'sharing.viewerOpen': { body: opened },
    });
    expect(await screen.findByRole('list', { name: 'Shared files' })).toBeInTheDocument();
  });

  it('names nobody when the founder shows no startup name: "Passcode needed", then "Shared documents"', async () => {
    const { user } = renderViewer({
      'sharing.viewerInfo': { body: passcodeInfo(null) },
      'sharing.viewerOpen': { body: { ...opened, startupName: null } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Passcode needed' })).toBeInTheDocument();
    expect(screen.getByText(/^Documents were shared with you\. Enter the passcode/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Passcode needed · Preseed'));
    await user.type(screen.getByLabelText('Passcode'), 'open-sesame');
    await user.click(screen.getByRole('button', { name: 'View files' }));
    await screen.findByRole('list', { name: 'Shared files' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shared documents' })).toBeInTheDocument();
    expect(screen.getByText('Shared with you.')).toBeInTheDocument();
  });

  it('opens a link of the older form (/share/<token>) and moves its token out of the path, into the fragment', async () => {
    const { api, router } = renderViewer(
      { 'sharing.viewerInfo': { body: openInfo() }, 'sharing.viewerOpen': { body: opened } },
      `/share/${TOKEN}`,
    );
    expect(await screen.findByRole('list', { name: 'Shared files' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/share', hash: `#${TOKEN}` });
    // Replaced, not pushed: Back does not return to the address with the token in its path.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.calls('sharing.viewerInfo')).toHaveLength(1);
    expect(api.calls('sharing.viewerInfo')[0]?.body).toEqual({ token: TOKEN });
  });

  it('says a link cut before its token is incomplete, without asking the API', async () => {
    const { api } = renderViewer({ 'sharing.viewerInfo': { body: openInfo() } }, '/share');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeInTheDocument();
    expect(screen.getByText(/Copy the whole link/)).toBeInTheDocument();
    expect(api.calls('sharing.viewerInfo')).toHaveLength(0);
  });

  it('sends the email a link asks for', async () => {
    const { user, api } = renderViewer({
      'sharing.viewerInfo': { body: openInfo({ needsEmail: true }) },
      'sharing.viewerOpen': { body: opened },
    });
    await user.type(await screen.findByLabelText('Your email'), 'investor@example.com');
    await user.click(screen.getByRole('button', { name: 'View files' }));
    await screen.findByRole('list', { name: 'Shared files' });
    expect(api.calls('sharing.viewerOpen')[0]?.body).toEqual({ token: TOKEN, email: 'investor@example.com' });
  });

  it('shows the no-longer-available page for a revoked or expired link', async () => {
    renderViewer({
      'sharing.viewerInfo': {
        status: 410,
        body: { error: 'ShareLinkRevoked', message: 'This share link has been turned off by its owner.' },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has been turned off' })).toBeInTheDocument();
    expect(screen.getByText(/ask them for a new link/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Passcode')).toBeNull();
  });

  it('shows the not-found page for a token nobody issued', async () => {
    renderViewer({ 'sharing.viewerInfo': apiError(404, 'This share link does not exist.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeInTheDocument();
  });

  it('turns into the no-longer-available page when the link is revoked while the files are shown', async () => {
    const { user } = renderViewer({
      'sharing.viewerInfo': { body: openInfo() },
      'sharing.viewerOpen': { body: opened },
      'sharing.viewerDownload': {
        status: 410,
        body: { error: 'ShareLinkRevoked', message: 'This share link has been turned off by its owner.' },
      },
    });
    const list = await screen.findByRole('list', { name: 'Shared files' });
    await user.click(within(list).getByRole('button', { name: 'Download deck.pdf' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has been turned off' })).toBeInTheDocument();
  });

  it('asks again when the viewing session has ended', async () => {
    const { user } = renderViewer({
      'sharing.viewerInfo': { body: passcodeInfo() },
      'sharing.viewerOpen': { body: opened },
      'sharing.viewerDownload': {
        status: 410,
        body: { error: 'ShareSessionEnded', message: 'Your viewing session has ended. Please open the link again.' },
      },
    });
    await user.type(await screen.findByLabelText('Passcode'), 'open-sesame');
    await user.click(screen.getByRole('button', { name: 'View files' }));
    const list = await screen.findByRole('list', { name: 'Shared files' });
    await user.click(within(list).getByRole('button', { name: 'Download deck.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your viewing session has ended');
    expect(screen.getByLabelText('Passcode')).toBeInTheDocument();
  });
});
