import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Toaster } from './Toaster';
import type { ToastItem, ToastOptions } from './toast-types';

export type { ToastAction, ToastItem, ToastOptions, ToastVariant } from './toast-types';

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  dismiss: (id: string) => void;
}

/** Spec §9: up to 3 visible at a time, each closing after 4000 ms. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const toast = useCallback(({ title, description, variant = 'default', action }: ToastOptions) => {
    const id = `toast-${++nextId.current}`;
    const item: ToastItem = {
      id,
      title,
      variant,
      ...(description === undefined ? {} : { description }),
      ...(action ? { action } : {}),
    };
    // The oldest toast gives way, so the newest message is always visible.
    setToasts((current) => [...current, item].slice(-TOAST_LIMIT));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} durationMs={TOAST_DURATION_MS} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
