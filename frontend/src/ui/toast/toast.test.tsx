import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT, type ToastOptions, ToastProvider, useToast } from './toast-context';

function Trigger({ options }: { options: ToastOptions[] }) {
  const { toast } = useToast();
  return (
    <>
      {options.map((o) => (
        <button key={o.title} type="button" onClick={() => toast(o)}>
          {`show ${o.title}`}
        </button>
      ))}
    </>
  );
}

function renderToasts(options: ToastOptions[]) {
  render(
    <ToastProvider>
      <Trigger options={options} />
    </ToastProvider>,
  );
  return (title: string) => fireEvent.click(screen.getByRole('button', { name: `show ${title}` }));
}

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows title and description in a polite status region', () => {
    const show = renderToasts([{ title: 'Logged out', description: 'You have been successfully logged out.' }]);
    show('Logged out');
    const toast = within(notifications()).getByRole('status');
    expect(toast).toHaveTextContent('Logged out');
    expect(toast).toHaveTextContent('You have been successfully logged out.');
    expect(toast).toHaveAttribute('aria-live', 'polite');
  });

  it('offers its action as a button that runs it once and closes the toast', () => {
    const onAction = vi.fn();
    const show = renderToasts([{ title: 'Test deleted', action: { label: 'Undo', onAction } }]);
    show('Test deleted');
    fireEvent.click(within(notifications()).getByRole('button', { name: 'Undo' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(within(notifications()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('uses an alert for destructive toasts', () => {
    const show = renderToasts([{ title: 'Login failed', description: 'Incorrect password.', variant: 'destructive' }]);
    show('Login failed');
    expect(within(notifications()).getByRole('alert')).toHaveTextContent('Login failedIncorrect password.');
  });

  it(`keeps at most ${TOAST_LIMIT} visible, dropping the oldest`, () => {
    const show = renderToasts([{ title: 'One' }, { title: 'Two' }, { title: 'Three' }, { title: 'Four' }]);
    for (const title of ['One', 'Two', 'Three', 'Four']) show(title);
    const items = within(notifications()).getAllByRole('status');
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.textContent)).toEqual(['Two', 'Three', 'Four']);
  });

  it(`closes each toast after ${TOAST_DURATION_MS} ms`, () => {
    const show = renderToasts([{ title: 'First' }, { title: 'Second' }]);
    show('First');
    act(() => vi.advanceTimersByTime(1000));
    show('Second');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1001));
    expect(within(notifications()).getAllByRole('status')).toHaveLength(2);

    act(() => vi.advanceTimersByTime(1));
    expect(within(notifications()).getByRole('status')).toHaveTextContent('Second');

    act(() => vi.advanceTimersByTime(1000));
    expect(within(notifications()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('pauses the countdown while hovered', () => {
    const show = renderToasts([{ title: 'Hover me' }]);
    show('Hover me');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(within(notifications()).getByRole('listitem'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(within(notifications()).getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(within(notifications()).getByRole('listitem'));
    act(() => vi.advanceTimersByTime(999));
    expect(within(notifications()).getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(notifications()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes with the close button', () => {
    const show = renderToasts([{ title: 'Closable' }]);
    show('Closable');
    fireEvent.click(within(notifications()).getByRole('button', { name: 'Close notification' }));
    expect(within(notifications()).queryByRole('status')).not.toBeInTheDocument();
  });
});
