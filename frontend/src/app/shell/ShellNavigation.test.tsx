/**
 * Where am I, and is my click doing anything: the header and the browser tab name the current page, and a sidebar
 * link whose page is still loading says so until the page arrives.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

// The Data Room page's chunk arrives only when a test lets it: a slow network, as the founder sees it.
const dataRoomChunk = vi.hoisted(() => ({ gate: Promise.resolve() }));
vi.mock('../../features/data-room/DataRoomPage', async (importOriginal) => {
  await dataRoomChunk.gate;
  return importOriginal();
});

describe('page title', () => {
  it('shows the current page in the header and the browser tab, and follows navigation', async () => {
    const { user } = renderApp('/dashboard', { user: FOUNDER });
    const header = await screen.findByRole('banner', {}, SLOW);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, SLOW);
    expect(within(header).getByText('Dashboard')).toBeInTheDocument();
    // The title is an effect's, which a busy machine may run after the heading is on the page.
    await waitFor(() => expect(document.title).toBe('Dashboard · Preseed'));

    await user.click(screen.getByRole('link', { name: 'Generate Your Idea' }));
    await screen.findByRole('heading', { level: 1, name: 'Generate Your Idea' }, SLOW);
    expect(within(header).getByText('Generate Your Idea')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Generate Your Idea · Preseed'));
  });

  it('names coach pages too, beside the Admin badge', async () => {
    renderApp('/admin-home', { user: ADMIN });
    const header = await screen.findByRole('banner', {}, SLOW);
    expect(await within(header).findByText('Admin Dashboard', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin Dashboard · Preseed'));
  });
});

describe('pending navigation', () => {
  it('marks the clicked link busy while its page loads, and clears it when the page shows', async () => {
    const chunk = deferred();
    dataRoomChunk.gate = chunk.promise;
    const { user } = renderApp('/dashboard', { user: FOUNDER });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, SLOW);
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Data Room' }));
    const pending = await within(nav).findByRole('link', { name: 'Data Room (loading)' });
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(pending.querySelector('.spinner')).not.toBeNull();
    // The page the founder is on stays, and stays current, until the new one can show.
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Generate Your Idea' })).not.toHaveAttribute('aria-busy');

    chunk.resolve();
    await screen.findByRole('heading', { level: 1, name: 'Data Room' }, SLOW);
    const arrived = within(nav).getByRole('link', { name: 'Data Room' });
    await waitFor(() => expect(arrived).not.toHaveAttribute('aria-busy'));
    expect(arrived).toHaveAttribute('aria-current', 'page');
  });
});
