import { apiErrorMessage } from '../../lib/error-message';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toast/toast-context';
import { useDeleteValidationTest, type ValidationTestView } from './validation-api';

export const REMOVE_TEXTS = {
  confirm: (name: string) =>
    `${name} will leave your tests, with its checked steps, results and evaluation. You can restore it from Removed tests on Validation Tests.`,
  confirmLabel: 'Delete Test',
  busyLabel: 'Deleting...',
  deletedTitle: 'Test deleted',
  deleted: (name: string) => `${name} has been removed from your tests. Restore it from Removed tests.`,
  failedTitle: 'Could not delete the test',
  failed: 'Something went wrong. Please try again.',
} as const;

/**
 * 'Delete Test' asks first (the shared confirmation), then moves the test to Removed tests, from where it can be
 * restored as it was. Used by the test's card dialog, its page and its evaluation.
 */
export function RemoveTestConfirm({
  test,
  open,
  onCancel,
  onRemoved,
}: {
  test: ValidationTestView;
  open: boolean;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const { toast } = useToast();
  const remove = useDeleteValidationTest();
  const onConfirm = () =>
    remove.mutate(test.id, {
      onSuccess: () => {
        toast({ title: REMOVE_TEXTS.deletedTitle, description: REMOVE_TEXTS.deleted(test.name) });
        onRemoved();
      },
      onError: (err) => {
        console.error('Could not delete the test', err);
        toast({
          title: REMOVE_TEXTS.failedTitle,
          description: apiErrorMessage(err, REMOVE_TEXTS.failed),
          variant: 'destructive',
        });
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
