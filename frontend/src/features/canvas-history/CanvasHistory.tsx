import { lazy, Suspense, useState } from 'react';
import type { QuestionType } from '#shared/domain/questions';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import './canvas-history.css';

// The dialog loads only when a founder opens the history.
const CanvasHistoryDialog = lazy(() => import('./CanvasHistoryDialog'));

const LABELS: Partial<Record<QuestionType, string>> = {
  'value-proposition': 'History of the Value Proposition Canvas: see it at a date, compare, restore',
  'business-model': 'History of the Business Model Canvas: see it at a date, compare, restore',
};

/** The canvas pages' History button and, once pressed, the history dialog. */
export function CanvasHistory({ type }: { type: QuestionType }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-label={LABELS[type]}
        onClick={() => setOpen(true)}
      >
        History
      </Button>
      {open ? (
        <Suspense fallback={<Spinner size="sm" label="Loading the history" />}>
          <CanvasHistoryDialog type={type} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
