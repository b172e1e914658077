import { useEffect, useRef } from 'react';
import { IconClose } from '../icons';
import type { ToastItem } from './toast-types';

interface ToasterProps {
  toasts: readonly ToastItem[];
  onDismiss: (id: string) => void;
  durationMs: number;
}

export function Toaster({ toasts, onDismiss, durationMs }: ToasterProps) {
  return (
    <section className="toaster" aria-label="Notifications">
      <ol className="toaster__list">
        {toasts.map((t) => (
          <ToastView key={t.id} toast={t} onDismiss={onDismiss} durationMs={durationMs} />
        ))}
      </ol>
    </section>
  );
}

interface ToastViewProps {
  toast: ToastItem;
  onDismiss: (id: string) => void;
  durationMs: number;
}

function ToastView({ toast, onDismiss, durationMs }: ToastViewProps) {
  const remaining = useRef(durationMs);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Reading time runs only while the user is not hovering or focusing the toast (WCAG 2.2.1).
  const start = () => {
    if (timer.current !== undefined) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => onDismiss(toast.id), remaining.current);
  };
  const pause = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once per toast, not on each render.
  useEffect(() => {
    start();
    return () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, []);

  const destructive = toast.variant === 'destructive';
  // The live role sits on an inner element: a list item may not take role status/alert.
  return (
    <li
      className={`toast toast--${toast.variant}`}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <div
        className="toast__body"
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      {toast.action ? (
        <button
          type="button"
          className="btn btn--secondary btn--sm toast__action"
          onClick={() => {
            toast.action?.onAction();
            onDismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="toast__close"
        aria-label="Close notification"
        onClick={() => onDismiss(toast.id)}
      >
        <IconClose size={16} />
      </button>
    </li>
  );
}
