import {
  useDeleteValidationTest,
  useRestoreValidationTest,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { ConfirmDialog, type ConfirmDialogProps } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';

export const REMOVE_TEXTS = {
  confirm: (name: string) =>
    `${name} will leave your tests, with its checked steps, results and evaluation. You can restore it from Removed tests on Validation Tests.`,
  confirmLabel: 'Delete Test',
  busyLabel: 'Deleting...',
  deletedTitle: 'Test deleted',
  deleted: (name: string) => `${name} has been removed from your tests. Restore it from Removed tests.`,
  undo: 'Undo',
  restoredTitle: 'Test restored',
  restored: (name: string) => `${name} is back in your tests.`,
  restoreFailed: 'Could not restore the test',
  failedTitle: 'Could not delete the test',
  failed: 'Something went wrong. Please try again.',
} as const;

/**
 * 'Delete Test' asks first (the shared confirmation), then moves the test to Removed tests, from where it can be
 * restored as it was — or at once with the toast's Undo. Used by the test's card dialog, its page and its evaluation.
 */
export function RemoveTestConfirm({
  test,
  open,
  onCancel,
  onRemoved,
}: Pick<ConfirmDialogProps, 'open' | 'onCancel'> & { test: ValidationTestView; onRemoved: () => void }) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const remove = useDeleteValidationTest();
  const restore = useRestoreValidationTest();
  // Runs after this dialog has gone: the promise (not mutate's callbacks, which need it mounted) says how it went.
  const undo = () =>
    restore
      .mutateAsync(test.id)
      .then(
        () => toast({ title: REMOVE_TEXTS.restoredTitle, description: REMOVE_TEXTS.restored(test.name) }),
        failed(REMOVE_TEXTS.restoreFailed, REMOVE_TEXTS.failed),
      );
  const onConfirm = () =>
    remove.mutate(test.id, {
      onSuccess: () => {
        toast({
          title: REMOVE_TEXTS.deletedTitle,
          description: REMOVE_TEXTS.deleted(test.name),
          action: { label: REMOVE_TEXTS.undo, onAction: () => void undo() },
        });
        onRemoved();
      },
      onError: (err) => {
        failed(REMOVE_TEXTS.failedTitle, REMOVE_TEXTS.failed)(err);
        onCancel();
      },
    });
  return (
    <ConfirmDialog
      open={open}
      description={REMOVE_TEXTS.confirm(test.name)}
      confirmLabel={REMOVE_TEXTS.confirmLabel}
      busyLabel={REMOVE_TEXTS.busyLabel}
      busy={remove.isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
