import { useId, useState } from 'react';
import {
  usePurgeCustomTest,
  useRestoreValidationTest,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';

export const REMOVED_TEXTS = {
  title: 'Removed tests',
  intro: 'Deleted tests wait here with their steps, results and evaluation. Restore one to bring it back as it was.',
  restore: 'Restore',
  purge: 'Delete for Good',
  purgeConfirm: (name: string) =>
    `This action cannot be undone. This will permanently delete ${name}, your own test, with its steps, results and evaluation.`,
  restoredTitle: 'Test restored',
  restored: (name: string) => `${name} is back in your tests.`,
  purgedTitle: 'Test deleted for good',
  purged: (name: string) => `${name} is gone, and its place among your own tests is free.`,
  failedTitle: 'Could not change the test',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The founder's removed tests, most recently removed first: each can be restored; their own can also go for good. */
export function RemovedTests({ tests }: { tests: ValidationTestView[] }) {
  const titleId = useId();
  const [purging, setPurging] = useState<ValidationTestView | null>(null);
  const { toast } = useToast();
  const failed = useFailureToast()(REMOVED_TEXTS.failedTitle, REMOVED_TEXTS.failed);
  const purge = usePurgeCustomTest();
  if (tests.length === 0 && !purging) return null;

  return (
    <Card className="validation__library">
      <section aria-labelledby={titleId} className="validation__section">
        <h2 id={titleId} className="validation__title">
          {REMOVED_TEXTS.title}
        </h2>
        <p className="validation__intro">{REMOVED_TEXTS.intro}</p>
        <ul className="removed-list">
          {tests.map((test) => (
            <RemovedRow key={test.id} test={test} onPurge={() => setPurging(test)} onError={failed} />
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={purging !== null}
        description={REMOVED_TEXTS.purgeConfirm(purging?.name ?? '')}
        busy={purge.isPending}
        onCancel={() => setPurging(null)}
        onConfirm={() => {
          if (!purging) return;
          purge.mutate(purging.id, {
            onSuccess: () => {
              toast({ title: REMOVED_TEXTS.purgedTitle, description: REMOVED_TEXTS.purged(purging.name) });
              setPurging(null);
            },
            onError: (err) => {
              failed(err);
              setPurging(null);
            },
          });
        }}
      />
    </Card>
  );
}

function RemovedRow({
  test,
  onPurge,
  onError,
}: {
  test: ValidationTestView;
  onPurge: () => void;
  onError: (err: unknown) => void;
}) {
  const nameId = useId();
  const { toast } = useToast();
  const restore = useRestoreValidationTest();
  return (
    <li className="list-row">
      <span className="removed-list__main">
        <span id={nameId} className="removed-list__name">
          {test.name}
        </span>
        <span className="removed-list__meta">
          {test.category} · {test.checkedSteps.length} of {test.steps.length} steps done
        </span>
      </span>
      <span className="removed-list__actions">
        <Button
          size="sm"
          variant="secondary"
          aria-describedby={nameId}
          loading={restore.isPending}
          onClick={() =>
            restore.mutate(test.id, {
              onSuccess: () =>
                toast({ title: REMOVED_TEXTS.restoredTitle, description: REMOVED_TEXTS.restored(test.name) }),
              onError,
            })
          }
        >
          {REMOVED_TEXTS.restore}
        </Button>
        {test.custom ? (
          <Button size="sm" variant="ghost" aria-describedby={nameId} onClick={onPurge}>
            {REMOVED_TEXTS.purge}
          </Button>
        ) : null}
      </span>
    </li>
  );
}
