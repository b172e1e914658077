import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

export interface LazyDialogButtonProps<P extends object> {
  /** The button's words, and its accessible name when it needs more than they say. */
  label: string;
  ariaLabel?: string;
  /** Said while the dialog's code arrives ('Loading the export'). */
  loadingLabel: string;
  /** Imports the dialog's module (its default export is the dialog): called only when the button is first pressed. */
  load: () => Promise<{ default: ComponentType<P & { onClose: () => void }> }>;
  /** What the dialog is given besides onClose. */
  dialogProps: P;
}

/** A small secondary button that opens a dialog whose code is loaded on first use (export, history, …). */
export function LazyDialogButton<P extends object>({
  label,
  ariaLabel,
  loadingLabel,
  load,
  dialogProps,
}: LazyDialogButtonProps<P>) {
  const [open, setOpen] = useState(false);
  // Made once per button, so a caller may pass a new arrow function on every render.
  const [LazyDialog] = useState(() => lazy(load));
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <Suspense fallback={<Spinner size="sm" label={loadingLabel} />}>
          <LazyDialog {...dialogProps} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
