import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

export interface LazyDialogButtonProps {
  /** The button's words, and its accessible name when it needs more than they say. */
  label: string;
  ariaLabel?: string;
  /** Said while the dialog's code arrives ('Loading the export'). */
  loadingLabel: string;
  /** A `lazy()` dialog: its code loads only when the button is first pressed. */
  dialog: LazyExoticComponent<ComponentType<{ onClose: () => void }>>;
}

/** A small secondary button that opens a dialog whose code is loaded on first use (export, history, …). */
export function LazyDialogButton({ label, ariaLabel, loadingLabel, dialog: LazyDialog }: LazyDialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <Suspense fallback={<Spinner size="sm" label={loadingLabel} />}>
          <LazyDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
