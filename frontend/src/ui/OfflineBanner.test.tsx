import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../test/render-component';
import { OfflineBanner } from './OfflineBanner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    onlineManager.setOnline(!offline);
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('OfflineBanner', () => {
  it('shows nothing while online', () => {
    renderComponent(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the founder is offline and that typing is kept, then goes once back online', () => {
    renderComponent(<OfflineBanner />);
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. What you type is kept on this device and saved when you are back online.',
    );
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('counts the saves waiting for the connection, which go out in order on reconnect', async () => {
    const { client } = renderComponent(<OfflineBanner />);
    goOffline(true);
    const sent: number[] = [];
    const save = (n: number) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: async () => void sent.push(n) })
        .execute(undefined);
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = Promise.all([save(1), save(2)]);
    });
    expect(await screen.findByText(/2 saves wait to be sent\./)).toBeInTheDocument();
    expect(sent).toEqual([]);
    goOffline(false);
    await act(async () => {
      await client.resumePausedMutations();
      await done;
    });
    expect(sent).toEqual([1, 2]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
