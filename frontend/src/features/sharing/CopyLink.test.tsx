import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sharePagePath } from '#shared/domain/sharing';
import { apiError, type FakeRoutes } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { NOT_COPYABLE_NOTE } from './LinkCard';
import type { ShareLink } from './sharing-api';

const TOKEN = 'C'.repeat(43);

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: 'link-id-00000001',
    label: 'Seed deck',
    scope: { kind: 'category', category: 'pitch-deck' },
    expiresAt: null,
    hasPasscode: false,
    requireEmail: false,
    showStartupName: false,
    allowDownload: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    revokedAt: null,
    status: 'active',
    copyable: true,
    views: 3,
    downloads: 0,
    lastViewedAt: null,
    ...overrides,
  };
}

function renderLinks(links: ShareLink[], address: FakeRoutes['sharing.linkAddress']) {
  return renderApp(
    '/data-room/sharing',
    { user: FOUNDER },
    {
      api: {
        'dataroom.list': { body: { files: [], nextCursor: null } },
        'sharing.list': { body: { links } },
        'sharing.recentViews': { body: { events: [], nextCursor: null } },
        ...(address ? { 'sharing.linkAddress': address } : {}),
      },
    },
  );
}

describe('Copy link on the share links page', () => {
  it('shows a live link’s address again and copies it', async () => {
    const { user, api } = renderLinks([link()], { body: { token: TOKEN, path: sharePagePath(TOKEN) } });
    // The first test of the file also waits for the page's lazy chunk.
    await user.click(await screen.findByRole('button', { name: 'Copy link: Seed deck' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Copy link: Seed deck' });
    const url = `${window.location.origin}/share#${TOKEN}`;
    expect(await within(dialog).findByLabelText('Link')).toHaveValue(url);
    expect(api.calls('sharing.linkAddress')[0]?.url.pathname).toBe('/api/shares/link-id-00000001/address');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Link copied');
  });

  it("says the server's reason when the address cannot be given", async () => {
    const { user } = renderLinks([link()], apiError(409, 'This link is turned off: nobody can open it.'));
    await user.click(await screen.findByRole('button', { name: 'Copy link: Seed deck' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is turned off');
  });

  it('offers no copy for a link made before re-copying existed, saying to make a new one; none for a revoked link', async () => {
    renderLinks(
      [
        link({ copyable: false }),
        link({ id: 'link-id-00000002', label: 'Old revoked', status: 'revoked', revokedAt: '2026-11-21T10:00:00Z' }),
      ],
      undefined,
    );
    expect(await screen.findByText(NOT_COPYABLE_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy link/ })).toBeNull();
  });
});
