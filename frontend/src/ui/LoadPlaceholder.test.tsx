import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type LoadStates, loadedOrPlaceholder } from './LoadPlaceholder';

function states(over: Partial<LoadStates<string[]>> = {}): LoadStates<string[]> {
  return {
    data: ['first', 'second'],
    loading: false,
    loadingLabel: 'Loading the notes',
    failedText: 'The notes could not be loaded.',
    onRetry: () => undefined,
    empty: { when: (notes) => notes.length === 0, show: <p>No notes yet.</p> },
    ...over,
  };
}

/** Renders what stands in for the content; fails the test when the content itself would show. */
function renderPlaceholder(over: Partial<LoadStates<string[]>>) {
  const shown = loadedOrPlaceholder(states(over));
  if (!('placeholder' in shown)) throw new Error(`expected a placeholder, got ${JSON.stringify(shown.loaded)}`);
  return render(<div>{shown.placeholder}</div>);
}

describe('loadedOrPlaceholder', () => {
  it('shows a named spinner while loading, before any failure or empty note', () => {
    renderPlaceholder({ loading: true, data: undefined, failed: true });
    expect(screen.getByRole('status', { name: 'Loading the notes' })).toBeInTheDocument();
    expect(screen.queryByText('The notes could not be loaded.')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the failure with Try again, which calls the retry back', async () => {
    const onRetry = vi.fn();
    renderPlaceholder({ failed: true, onRetry });
    expect(screen.getByText('The notes could not be loaded.')).toBeInTheDocument();
    expect(onRetry).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('counts a load that is over with no data as failed when no failure is given', () => {
    renderPlaceholder({ data: undefined });
    expect(screen.getByText('The notes could not be loaded.')).toBeInTheDocument();
  });

  it('announces the failure at once only when asked to', () => {
    const quiet = renderPlaceholder({ failed: true });
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.unmount();
    renderPlaceholder({ failed: true, alert: true });
    expect(screen.getByRole('alert')).toHaveTextContent('The notes could not be loaded.');
  });

  it('shows Try again busy while the retry is under way', () => {
    renderPlaceholder({ failed: true, retrying: true });
    expect(screen.getByRole('button', { name: /Try again/ })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the empty note once loaded with nothing to show', () => {
    renderPlaceholder({ data: [] });
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
  });

  it('hands back the loaded data when there is something to show', () => {
    expect(loadedOrPlaceholder(states())).toEqual({ loaded: ['first', 'second'] });
  });
});
