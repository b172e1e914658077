import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sharePagePath } from '#shared/domain/sharing';
import { apiError, type FakeRequest } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { fileView } from '../../test/fixtures/fake-data-room';
import { renderApp } from '../../test/render-app';
import type { ShareLink } from './sharing-api';

const TOKEN = 'T'.repeat(43);
const deck = fileView({ id: '1700000000000-deckdeck01', name: 'deck.pdf' });
const model = fileView({ id: '1700000000000-modelmode1', name: 'model.xlsx', category: 'financial' });

function linkView(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: 'link-id-00000001',
    label: 'deck.pdf',
    scope: { kind: 'files', files: [{ id: deck.id, name: deck.name }] },
    expiresAt: null,
    hasPasscode: true,
    requireEmail: false,
    showStartupName: false,
    allowDownload: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    revokedAt: null,
    status: 'active',
    copyable: true,
    views: 2,
    downloads: 1,
    lastViewedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

function renderSharing(links: ShareLink[] = []) {
  const state = { links: [...links] };
  return renderApp(
    '/data-room/sharing',
    { user: FOUNDER },
    {
      api: {
        'dataroom.list': { body: { files: [deck, model], nextCursor: null } },
        'sharing.list': () => ({ body: { links: state.links } }),
        'sharing.recentViews': { body: { events: [], nextCursor: null } },
        'sharing.linkViews': {
          body: {
            events: [
              {
                at: '2026-11-21T10:00:00.000Z',
                kind: 'download',
                linkId: 'link-id-00000001',
                linkLabel: 'deck.pdf',
                fileId: deck.id,
                fileName: 'deck.pdf',
                viewerEmail: 'investor@example.com',
              },
            ],
            nextCursor: null,
          },
        },
        'sharing.create': (request: FakeRequest) => {
          const body = request.body as { passcode?: string; showStartupName?: boolean };
          const link = linkView({
            hasPasscode: Boolean(body.passcode),
            showStartupName: body.showStartupName === true,
          });
          state.links = [link];
          return { status: 201, body: { link, token: TOKEN, path: sharePagePath(TOKEN) } };
        },
        'sharing.revoke': () => {
          state.links = state.links.map((l) => ({ ...l, status: 'revoked', revokedAt: '2026-11-22T10:00:00.000Z' }));
          return {};
        },
      },
    },
  );
}

describe('Share dialog and share links page', () => {
  it('creates a passcode link for a chosen file and shows the link once, to copy', async () => {
    const { user, api } = renderSharing();
    await user.click(await screen.findByRole('button', { name: 'New share link' }));
    const dialog = screen.getByRole('dialog', { name: 'Share files' });

    // Nothing chosen: said in the dialog, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at least one file to share.');
    expect(api.calls('sharing.create')).toHaveLength(0);

    await user.click(await within(dialog).findByRole('checkbox', { name: 'deck.pdf' }));
    await user.type(within(dialog).getByLabelText(/Passcode/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(within(dialog).getByLabelText(/Passcode/)).toHaveAccessibleDescription(
      expect.stringContaining('at least 6 characters'),
    );
    expect(api.calls('sharing.create')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Passcode/), '456');
    await user.selectOptions(within(dialog).getByLabelText('Expires'), '7');
    await user.click(within(dialog).getByRole('checkbox', { name: /Ask viewers for their email/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const created = await screen.findByRole('dialog', { name: 'Share link created' });
    // The token after `#`, which browsers never send: no server or its logs see it.
    expect(within(created).getByLabelText('Link')).toHaveValue(`${window.location.origin}/share#${TOKEN}`);
    expect(within(created).getByText('Send the passcode separately from the link.')).toBeInTheDocument();
    const [sent] = api.calls('sharing.create');
    const body = sent?.body as Record<string, unknown>;
    expect(body).toMatchObject({ fileIds: [deck.id], passcode: '123456', requireEmail: true, showStartupName: false });
    const days = (Date.parse(String(body.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    await user.click(within(created).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'deck.pdf' })).toBeInTheDocument();
  });

  it('shares a whole category, showing the startup name when the founder asks; the label is said to be theirs alone', async () => {
    const { user, api } = renderSharing();
    await user.click(await screen.findByRole('button', { name: 'New share link' }));
    const dialog = screen.getByRole('dialog', { name: 'Share files' });
    expect(within(dialog).getByLabelText('Label (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Viewers never do.'),
    );
    await user.click(within(dialog).getByRole('radio', { name: /A whole category/ }));
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'financial');
    const showName = within(dialog).getByRole('checkbox', { name: /Show your startup name to viewers/ });
    expect(showName).not.toBeChecked();
    await user.click(showName);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const created = await screen.findByRole('dialog', { name: 'Share link created' });
    expect(api.calls('sharing.create')[0]?.body).toEqual({
      category: 'financial',
      requireEmail: false,
      showStartupName: true,
    });
    await user.click(within(created).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/Startup name shown/)).toBeInTheDocument();
  });

  it("says the server's refusal in the dialog", async () => {
    const { user } = renderApp(
      '/data-room/sharing',
      { user: FOUNDER },
      {
        api: {
          'dataroom.list': { body: { files: [deck], nextCursor: null } },
          'sharing.list': { body: { links: [] } },
          'sharing.recentViews': { body: { events: [], nextCursor: null } },
          'sharing.create': apiError(
            400,
            'A chosen file is not in your data room (deleted meanwhile?). Please choose again.',
          ),
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'New share link' }));
    const dialog = screen.getByRole('dialog', { name: 'Share files' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'deck.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('not in your data room');
  });

  it('shows the views of one file when it is chosen', async () => {
    const { user, api } = renderSharing([linkView()]);
    const select = await screen.findByLabelText('File');
    expect(select).toHaveValue('all');
    await screen.findByRole('option', { name: 'deck.pdf' });
    await user.selectOptions(select, deck.id);
    await waitFor(() =>
      expect(api.calls('sharing.recentViews').map((c) => c.url.searchParams.get('fileId'))).toEqual([null, deck.id]),
    );
  });

  it("shows a link's view log and revokes it after confirming", async () => {
    const { user, api } = renderSharing([linkView()]);
    const card = (await screen.findByRole('heading', { level: 3, name: 'deck.pdf' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText(/2 views · 1 file opened or downloaded/)).toBeInTheDocument();

    const show = within(card).getByRole('button', { name: 'Show views' });
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(await within(card).findByText('Downloaded deck.pdf')).toBeInTheDocument();
    expect(within(card).getByText(/investor@example.com/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    // Cancel keeps the link.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('sharing.revoke')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(api.calls('sharing.revoke')).toHaveLength(1));
    expect(api.calls('sharing.revoke')[0]?.url.pathname).toBe('/api/shares/link-id-00000001');
    const revoked = (await screen.findByText('Revoked')).closest('li') as HTMLElement;
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
