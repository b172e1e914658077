import type { ReactNode } from 'react';
import { Button } from './Button';

export interface DialogButtonsProps {
  /** Leaves the dialog without doing anything. */
  onCancel: () => void;
  /** 'Cancel' beside an action; 'Close' where the dialog has none. */
  cancelLabel?: string;
  /** The dialog's action is running: leaving waits for it. */
  busy?: boolean;
  /** The dialog's own action, after the way out. */
  children?: ReactNode;
}

/** A dialog's buttons in the app's order: the secondary way out first, then what the dialog is for. */
export function DialogButtons({ onCancel, cancelLabel = 'Cancel', busy, children }: DialogButtonsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {children}
    </>
  );
}
