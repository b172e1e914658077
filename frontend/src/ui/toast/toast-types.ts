/** What a toast is, apart from the provider that shows it, so the Toaster view and the provider need not import each other. */
export type ToastVariant = 'default' | 'destructive';

/** One button in the toast that acts on what it reports (e.g. Undo); the toast closes when it is pressed. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
}
