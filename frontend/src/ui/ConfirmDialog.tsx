import { useRef } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  /** Shown (as a modal) only while true. */
  open: boolean;
  /** What is lost, said in full: 'This action cannot be undone. This will permanently delete …'. */
  description: string;
  /** The destructive button's label ('Delete'). */
  confirmLabel?: string;
  /** The label while the action runs ('Deleting...'). */
  busyLabel?: string;
  /** The action runs: both buttons wait, and Escape or the backdrop do not close the dialog. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Every irreversible delete asks this one question the same way. */
export const CONFIRM_TITLE = 'Are you sure?';

/**
 * The confirmation every destructive action in the app uses (the data room's delete first): 'Are you sure?', what
 * will be lost, and Cancel — focused first, so a stray Enter keeps the data — beside a destructive confirm button.
 */
export function ConfirmDialog({
  open,
  description,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={CONFIRM_TITLE}
      description={description}
      size="sm"
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" loading={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
